// Every page at 375 px: status, clean hydration, axe, no sideways scrolling, a screenshot.
import { auditEveryPage } from '../lib/audit.js';

await auditEveryPage(375);
