import type { Lang } from '@site/content-model';
import { formatLongDate } from '../../i18n/use-lang';

/**
 * A post's date as the page's language writes it: on English pages the gateway's own text (as the
 * site has always shown it), on Hindi pages hi-IN's (brief §10).
 */
export function postDate(post: { date: string; dateFormatted: string }, lang: Lang): string {
  return lang === 'en' ? post.dateFormatted : formatLongDate(post.date, lang);
}
