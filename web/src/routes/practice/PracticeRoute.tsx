import { useLocation, useParams } from 'react-router';
import { splitLangPath } from '@site/content-model';
import { PracticeAreaPage } from './PracticeAreaPage.js';

export { practiceLoader as loader } from './PracticeAreaPage.js';

/**
 * /practice-areas/{slug}: the canonical address of a practice area. /practice/{slug}: practice
 * areas written in WordPress as `practice_area` posts, the same page; its canonical is always the
 * area's own link, so a built-in area reached there does not compete with its page.
 */
export function Component() {
  const { slug = '' } = useParams();
  const generic = splitLangPath(useLocation().pathname).path.startsWith('/practice/');
  return <PracticeAreaPage key={slug} canonical={generic ? 'link' : 'seo'} />;
}
