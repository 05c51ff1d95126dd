// What the gateway and the website both know of the site's content: the built-in practice areas and
// their old addresses, the home page's section addresses, the contact form's rules and the limits
// both sides keep to. Pure data and functions, with no I/O: the website bundles what it uses.
export * from './default-image.js';
export * from './enquiry-rules.js';
export * from './home-sections.js';
export * from './icons.js';
export * from './legacy-paths.js';
export * from './language.js';
export * from './limits.js';
export * from './phone.js';
// The numbering plans themselves, for the website's build, which puts only their value in the bundle.
export { phoneMetadata } from './phone-metadata.js';
export * from './practice-areas.js';
