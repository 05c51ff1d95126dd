import { useParams } from 'react-router';
import { PracticeAreaPage } from './PracticeAreaPage.js';

export { practiceLoader as loader } from './PracticeAreaPage.js';

/** /practice-areas/{slug}: the canonical address of a practice area. */
export function Component() {
  const { slug = '' } = useParams();
  return <PracticeAreaPage key={slug} canonical="seo" />;
}
