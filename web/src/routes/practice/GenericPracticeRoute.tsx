import { useParams } from 'react-router';
import { PracticeAreaPage } from './PracticeAreaPage.js';

export { practiceLoader as loader } from './PracticeAreaPage.js';

/**
 * /practice/{slug}: practice areas written in WordPress as `practice_area` posts. The same page as
 * /practice-areas/{slug}; its canonical is always the area's own link, so a built-in area reached
 * here does not compete with its page.
 */
export function Component() {
  const { slug = '' } = useParams();
  return <PracticeAreaPage key={slug} canonical="link" />;
}
