// The operations the website makes, written once and run against every source in the tests.

export const BLOG_LIST = /* GraphQL */ `
  query BlogList($first: Int, $page: Int, $search: String, $categorySlug: String) {
    posts(first: $first, page: $page, search: $search, categorySlug: $categorySlug) {
      totalCount
      totalPages
      page
      perPage
      nodes {
        id
        databaseId
        slug
        uri
        title
        date
        dateFormatted
        excerpt(length: 120)
        readingTimeMinutes
        authorName
        featuredImage {
          id
          databaseId
          url
          alt
          width
          height
          srcSet
          isDefault
        }
        categories {
          id
          databaseId
          name
          slug
          count
        }
      }
    }
    categories {
      id
      name
      slug
      count
    }
  }
`;

export const SINGLE_POST = /* GraphQL */ `
  query SinglePost($slug: String!) {
    post(slug: $slug) {
      id
      databaseId
      slug
      uri
      title
      date
      dateFormatted
      modified
      excerpt
      contentHtml
      readingTimeMinutes
      toc {
        id
        text
        level
      }
      featuredImage {
        url
        alt
        isDefault
        srcSet
      }
      categories {
        name
        slug
      }
      authorName
      seo {
        title
        description
        canonical
        ogImage
        ogUrl
        twitterImage
      }
      banner {
        backgroundColor
        textColor
        backgroundImage
        overlayOpacity
        title
        description
        descriptionColor
      }
    }
    recent: posts(first: 5, excludeSlug: $slug) {
      totalCount
      nodes {
        slug
        title
        dateFormatted
        featuredImage {
          url
          isDefault
        }
      }
    }
  }
`;

export const PAGE = /* GraphQL */ `
  query Page($slug: String!) {
    page(slug: $slug) {
      id
      databaseId
      slug
      uri
      title
      date
      modified
      excerpt(length: 50)
      contentHtml
      toc {
        id
        text
        level
      }
      featuredImage {
        url
        alt
      }
      seo {
        title
        description
        canonical
      }
      structure {
        heroSubtitle
        heroImage {
          url
          alt
        }
        servicesTitle
        servicesItems {
          icon
          title
          description
        }
        whyChooseTitle
        whyChooseImage {
          url
        }
        whyChooseItems {
          icon
          title
          description
        }
      }
      editUrl
    }
  }
`;

export const PAGES = /* GraphQL */ `
  query Pages($first: Int) {
    pages(first: $first) {
      slug
      uri
      modified
    }
  }
`;

const PRACTICE_FIELDS = /* GraphQL */ `
  id slug title description icon link contentHtml heroSubtitle servicesTitle
  services { icon title description }
  whyChooseTitle
  whyChooseUs { icon title description }
  featuredImage { url alt }
  origin editUrl
  seo { title canonical }
`;

export const PRACTICE_AREAS = /* GraphQL */ `
  query PracticeAreas { practiceAreas { ${PRACTICE_FIELDS} } }
`;

export const PRACTICE_AREA = /* GraphQL */ `
  query PracticeArea($slug: String!) { practiceArea(slug: $slug) { ${PRACTICE_FIELDS} } }
`;

export const CATEGORIES = /* GraphQL */ `
  query Categories {
    categories {
      id
      databaseId
      name
      slug
      count
    }
  }
`;

export const CONNECTION = /* GraphQL */ `
  query Connection {
    connection {
      status
      source
      endpoint
      adminUrl
      practiceAreasEndpoint
      pagesEndpoint
      latencyMs
      checkedAt
      message
    }
  }
`;

export const SITE = /* GraphQL */ `
  query Site {
    site {
      name
      url
      tagline
      phone
      phoneHref
      emergencyPhone
      emergencyPhoneHref
      email
      whatsappUrl
      established
      replyPromise
      officeHours {
        days
        hours
      }
      address {
        streetAddress
        locality
        region
        postalCode
        country
      }
      stats {
        key
        value
        label
      }
      testimonials {
        name
        role
        content
        caseType
        outcome
        rating
        image {
          url
          alt
        }
      }
      socialLinks {
        network
        label
        url
      }
      logo {
        url
        alt
      }
      defaultImage {
        url
        alt
        isDefault
      }
    }
  }
`;

export const SUBMIT_ENQUIRY = /* GraphQL */ `
  mutation Submit($input: EnquiryInput!) {
    submitEnquiry(input: $input) {
      ok
      message
      fieldErrors {
        field
        message
      }
    }
  }
`;
