// All resolvers, typed by codegen from schema.graphql.
import type { Resolvers } from '../generated/resolvers.js';
import { Category, categoryQueries } from './category.js';
import { connectionQueries } from './connection.js';
import { Mutation } from './mutation.js';
import { Page, PageStructure, pageQueries } from './page.js';
import { Post, postQueries } from './post.js';
import { PracticeArea, practiceAreaQueries } from './practice-area.js';
import { previewQueries } from './preview.js';
import { Site, siteQueries } from './site.js';

export const resolvers: Resolvers = {
  Query: {
    ...siteQueries,
    ...postQueries,
    ...pageQueries,
    ...practiceAreaQueries,
    ...categoryQueries,
    ...connectionQueries,
    ...previewQueries,
  },
  Mutation,
  Post,
  Page,
  PageStructure,
  PracticeArea,
  Category,
  Site,
};
