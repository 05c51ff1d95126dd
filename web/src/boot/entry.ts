// The page boot script's entry (built by web/build/page-boot.ts): it runs once, where the server
// inlined it, and reads the page's scripts from its own element.
import { bootPage } from './page-boot';

bootPage(window, document.currentScript);
