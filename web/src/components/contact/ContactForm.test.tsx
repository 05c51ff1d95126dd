// @vitest-environment happy-dom
// The contact form in a browser-like DOM: the shared rules checked before sending, errors tied to
// their fields for screen readers, the mutation's answers (sent, field errors, refusals), the
// honeypot, and the practice area carried from a practice page.
import { ChakraProvider } from '@chakra-ui/react';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { BrowserClientContext } from '../../app/client-loader';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { getSystem } from '../../app/theme';
import { BUILT_IN_PRACTICE_AREAS, ENQUIRY_MESSAGES, ENQUIRY_RULES, type Lang } from '@site/content-model';
import { inLang } from '../../i18n/test-render';
import { i18nFor } from '../../i18n/resources';
import { ContactForm, SubmitEnquiryMutation } from './ContactForm';

type Vars = { input: Record<string, unknown> };
type Answer = { ok: boolean; message: string | null; fieldErrors: Array<{ field: string; message: string }> };

type Choices = ReadonlyArray<{ slug: string; title: string; language?: 'EN' | 'HI' }>;

function setup(
  options: { url?: string; answer?: Answer | Error; practiceAreas?: Choices; lang?: Lang } = {},
) {
  const sent: Vars[] = [];
  const answer = options.answer ?? { ok: true, message: ENQUIRY_MESSAGES.success, fieldErrors: [] };
  const mocks = [
    {
      request: {
        query: SubmitEnquiryMutation,
        variables: (v: Vars) => {
          sent.push(v);
          return true;
        },
      },
      maxUsageCount: 10,
      ...(answer instanceof Error
        ? { error: answer }
        : { result: { data: { submitEnquiry: { __typename: 'EnquiryResult', ...answer } } } }),
    },
  ];
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks),
    defaultOptions: { query: { errorPolicy: 'all' } },
  });
  const tree = inLang(
    <BrowserClientContext.Provider value={() => Promise.resolve(client)}>
      <ChakraProvider value={getSystem()}>
        <ContactForm
          phone="+91 120 400 1985"
          phoneHref="tel:+911204001985"
          email="info@example.in"
          practiceAreas={options.practiceAreas}
          practice={
            new URL(options.url ?? '/contact-us/', 'http://site.test').searchParams.get('practice') ??
            undefined
          }
        />
      </ChakraProvider>
    </BrowserClientContext.Provider>,
    options.lang,
  );
  render(tree);
  return { sent, tree };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fillValid() {
  fireEvent.change(field(/Your Name/), { target: { value: 'Asha Rao' } });
  fireEvent.change(field(/Email Address/), { target: { value: 'asha@example.in' } });
  fireEvent.change(field(/Phone Number/), { target: { value: '98765 43210' } });
  fireEvent.change(field(/^Message/), { target: { value: 'My brother needs bail urgently.' } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
}

/** The text of the elements an input's aria-describedby names. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
    .join(' | ');
}

afterEach(() => cleanup());

describe('ContactForm', () => {
  it('checks the rules before sending: each error inline, tied to its field, announced, first field focused', async () => {
    const { sent } = setup();
    fireEvent.change(field(/Phone Number/), { target: { value: '12345' } });
    submit();
    const name = field(/Your Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toBe(ENQUIRY_RULES.name.messages.required);
    expect(description(field(/Email Address/))).toBe(ENQUIRY_RULES.email.messages.required);
    expect(description(field(/Phone Number/))).toBe(
      `Outside India, start with + and the country code | ${ENQUIRY_RULES.phone.messages.invalid}`,
    );
    expect(description(field(/^Message/))).toBe(ENQUIRY_RULES.message.messages.required);
    expect(field(/Subject/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Please correct the 4 highlighted fields');
    expect(document.activeElement).toBe(name);
    expect(sent).toHaveLength(0);
  });

  it('clears an error as the visitor fixes it', async () => {
    setup();
    submit();
    const name = field(/Your Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(name, { target: { value: 'A' } });
    expect(description(name)).toBe(ENQUIRY_RULES.name.messages.tooShort);
    fireEvent.change(name, { target: { value: 'Asha' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Please correct the 3 highlighted fields');
  });

  it('sends the enquiry through the mutation and says the firm replies within 24 hours', async () => {
    const { sent } = setup();
    fillValid();
    submit();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Message sent');
    expect(status.textContent).toContain('within 24 hours');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '98765 43210',
      subject: null,
      message: 'My brother needs bail urgently.',
      practiceArea: null,
      website: null,
    });
    expect(typeof sent[0]!.input.elapsedMs).toBe('number');
    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(field(/Your Name/).value).toBe('');
  });

  it('sends the numbers visitors really have: landlines as written in India, and numbers abroad', async () => {
    const { sent } = setup();
    fillValid();
    const phone = field(/Phone Number/);
    for (const typed of ['+91 12345', '0120 40019']) {
      fireEvent.change(phone, { target: { value: typed } });
      fireEvent.blur(phone);
      expect(description(phone), typed).toContain(ENQUIRY_RULES.phone.messages.invalid);
    }
    for (const typed of ['0120-4001985', '+44 20 7946 0958', '+1 (415) 555-2671']) {
      fireEvent.change(phone, { target: { value: typed } });
      expect(phone.getAttribute('aria-invalid'), typed).toBeNull();
    }
    submit();
    await screen.findByRole('status');
    expect(sent.map((s) => s.input.phone)).toEqual(['+1 (415) 555-2671']);
  });

  it('shows the errors the gateway names, the same way', async () => {
    setup({
      answer: {
        ok: false,
        message: null,
        fieldErrors: [
          { field: 'email', message: 'Please enter a valid e-mail address, such as name@example.com.' },
        ],
      },
    });
    fillValid();
    submit();
    const email = field(/Email Address/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toContain('such as name@example.com');
    expect(screen.getByRole('alert').textContent).toContain('Please correct the highlighted field');
    expect(document.activeElement).toBe(email);
  });

  it('shows a refusal without field errors (too fast, rate limit) with the phone number', async () => {
    setup({ answer: { ok: false, message: ENQUIRY_MESSAGES.tooFast, fieldErrors: [] } });
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('That was very quick'));
    expect(screen.getByRole('alert').textContent).toContain('+91 120 400 1985');
    expect(field(/Your Name/).value).toBe('Asha Rao');
  });

  it('keeps what was typed and says so when the network fails', async () => {
    setup({ answer: new Error('Network down') });
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('could not be sent'));
    expect(field(/^Message/).value).toBe('My brother needs bail urgently.');
  });

  it('hides the honeypot from people and assistive technology, and sends what fills it', async () => {
    const { sent } = setup();
    const trap = document.getElementById('contact-website') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    fillValid();
    fireEvent.change(trap, { target: { value: 'http://spam.example' } });
    submit();
    await screen.findByRole('status');
    expect(sent[0]!.input.website).toBe('http://spam.example');
  });

  it('asks for the practice area only when the visitor came from a practice page', async () => {
    setup({ url: '/contact-us/?practice=family-law' });
    const select = screen.getByLabelText(/Practice Area/) as HTMLSelectElement;
    expect(select.value).toBe('family-law');
    expect(select.options).toHaveLength(8);
    cleanup();
    setup({ url: '/contact-us/?practice=not-a-practice' });
    expect(screen.queryByLabelText(/Practice Area/)).toBeNull();
    cleanup();
    const { sent } = setup({ url: '/contact-us/?practice=bail-hearings' });
    fillValid();
    submit();
    await screen.findByRole('status');
    expect(sent[0]!.input.practiceArea).toBe('bail-hearings');
  });

  it('offers every practice area the site lists, those written in WordPress too, and sends the one chosen', async () => {
    const areas = [...BUILT_IN_PRACTICE_AREAS, { slug: 'cheque-bounce', title: 'Cheque Bounce' }];
    const { sent } = setup({ url: '/contact-us/?practice=cheque-bounce', practiceAreas: areas });
    const select = screen.getByLabelText(/Practice Area/) as HTMLSelectElement;
    expect(select.value).toBe('cheque-bounce');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Not sure / something else'],
      ...areas.map((a) => [a.slug, a.title]),
    ]);
    fillValid();
    submit();
    await screen.findByRole('status');
    expect(sent[0]!.input.practiceArea).toBe('cheque-bounce');
  });

  it('renders on the server with a plain button, so nothing is sent before the script runs', () => {
    const { tree } = setup();
    cleanup();
    const html = renderToString(tree);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>[\s\S]*Send Message/);
    expect(html).not.toContain('type="submit"');
  });
});

describe('ContactForm on a Hindi page (brief §10)', () => {
  it('asks in Hindi and shows the rules’ messages in Hindi', async () => {
    const { sent } = setup({ lang: 'hi' });
    expect(screen.getByRole('heading', { name: 'हमें संदेश भेजें' })).toBeTruthy();
    fireEvent.change(field(/फ़ोन नंबर/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: /संदेश भेजें/ }));
    const name = field(/आपका नाम/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toBe('कृपया अपना नाम लिखें।');
    expect(description(field(/फ़ोन नंबर/))).toMatch(/^भारत के बाहर .* \| कृपया ऐसा फ़ोन नंबर लिखें/);
    expect(screen.getByRole('alert').textContent).toBe('कृपया चिह्नित 4 खानों की जानकारी ठीक करके दोबारा भेजें।');
    fireEvent.change(name, { target: { value: 'A' } });
    expect(description(name)).toBe('कृपया अपना पूरा नाम लिखें (कम से कम 2 अक्षर)।');
    expect(document.body.textContent).not.toMatch(/Please|Your Name|Send/);
    expect(sent).toHaveLength(0);
  });

  it('words the gateway’s English answers in Hindi: field errors, refusals and the confirmation', async () => {
    setup({
      lang: 'hi',
      answer: {
        ok: false,
        message: null,
        fieldErrors: [{ field: 'email', message: ENQUIRY_RULES.email.messages.invalid! }],
      },
    });
    fireEvent.change(field(/आपका नाम/), { target: { value: 'आशा राव' } });
    fireEvent.change(field(/ई-मेल पता/), { target: { value: 'asha@example.in' } });
    fireEvent.change(field(/फ़ोन नंबर/), { target: { value: '98765 43210' } });
    fireEvent.change(field(/^संदेश/), { target: { value: 'मेरे भाई को जमानत चाहिए।' } });
    fireEvent.click(screen.getByRole('button', { name: /संदेश भेजें/ }));
    const email = field(/ई-मेल पता/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toBe('कृपया सही ई-मेल पता लिखें, जैसे name@example.com');
    cleanup();

    setup({ lang: 'hi', answer: { ok: false, message: ENQUIRY_MESSAGES.tooFast, fieldErrors: [] } });
    fireEvent.change(field(/आपका नाम/), { target: { value: 'आशा राव' } });
    fireEvent.change(field(/ई-मेल पता/), { target: { value: 'asha@example.in' } });
    fireEvent.change(field(/फ़ोन नंबर/), { target: { value: '98765 43210' } });
    fireEvent.change(field(/^संदेश/), { target: { value: 'मेरे भाई को जमानत चाहिए।' } });
    fireEvent.click(screen.getByRole('button', { name: /संदेश भेजें/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('फ़ॉर्म बहुत जल्दी भेजा गया'));
    expect(screen.getByRole('alert').textContent).toContain('आप हमें +91 120 400 1985 पर कॉल भी कर सकते हैं');
    cleanup();

    setup({ lang: 'hi' });
    fireEvent.change(field(/आपका नाम/), { target: { value: 'आशा राव' } });
    fireEvent.change(field(/ई-मेल पता/), { target: { value: 'asha@example.in' } });
    fireEvent.change(field(/फ़ोन नंबर/), { target: { value: '98765 43210' } });
    fireEvent.change(field(/^संदेश/), { target: { value: 'मेरे भाई को जमानत चाहिए।' } });
    fireEvent.click(screen.getByRole('button', { name: /संदेश भेजें/ }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('संदेश भेज दिया गया');
    expect(status.textContent).toContain('24 घंटे के भीतर');
    expect(status.textContent).toContain('जल्दी बात करनी है? +91 120 400 1985 पर कॉल करें।');
  });

  it('shows a message from the gateway that no rule has as it came', async () => {
    setup({
      lang: 'hi',
      answer: { ok: false, message: null, fieldErrors: [{ field: 'name', message: 'Something new.' }] },
    });
    fireEvent.change(field(/आपका नाम/), { target: { value: 'आशा राव' } });
    fireEvent.change(field(/ई-मेल पता/), { target: { value: 'asha@example.in' } });
    fireEvent.change(field(/फ़ोन नंबर/), { target: { value: '98765 43210' } });
    fireEvent.change(field(/^संदेश/), { target: { value: 'मेरे भाई को जमानत चाहिए।' } });
    fireEvent.click(screen.getByRole('button', { name: /संदेश भेजें/ }));
    const name = field(/आपका नाम/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toBe('Something new.');
  });

  it('names the built-in practice areas in Hindi while the site’s list is not there', () => {
    setup({ lang: 'hi', url: '/hi/contact-us/?practice=family-law' });
    const select = screen.getByLabelText(/सेवा क्षेत्र/) as HTMLSelectElement;
    expect(select.value).toBe('family-law');
    expect(select.options[0]!.text).toBe('पक्का नहीं पता / कोई और मामला');
    expect(select.selectedOptions[0]!.text).toBe('पारिवारिक कानून');
    expect(select.selectedOptions[0]!.lang).toBe('');
    cleanup();
    // An area written in WordPress in English only: named as written, in its own language.
    const areas = [{ slug: 'cheque-bounce', title: 'Cheque Bounce', language: 'EN' as const }];
    setup({ lang: 'hi', url: '/hi/contact-us/?practice=cheque-bounce', practiceAreas: areas });
    const chosen = (screen.getByLabelText(/सेवा क्षेत्र/) as HTMLSelectElement).selectedOptions[0]!;
    expect([chosen.text, chosen.lang]).toEqual(['Cheque Bounce', 'en-IN']);
  });
});

describe('the contact catalogue', () => {
  const catalogue = (lang: Lang) => i18nFor(lang).getResourceBundle(lang, 'contact') as Catalogue;
  type Catalogue = {
    error: Record<string, Record<string, string>>;
    result: Record<string, string>;
  };

  it('has every rule’s message, in English word for word as the gateway sends it', () => {
    for (const lang of ['en', 'hi'] as const) {
      const { error, result } = catalogue(lang);
      for (const [field, rule] of Object.entries(ENQUIRY_RULES)) {
        const codes = Object.keys(rule.messages).sort();
        expect(Object.keys(error[field] ?? {}).sort(), `${lang} ${field}`).toEqual(codes);
        if (lang === 'en') expect(error[field]).toEqual(rule.messages);
      }
      expect(Object.keys(result).sort()).toEqual(Object.keys(ENQUIRY_MESSAGES).sort());
      if (lang === 'en') expect(result).toEqual(ENQUIRY_MESSAGES);
    }
  });
});
