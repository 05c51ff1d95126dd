// fontverter ships no types; the font tests use its one conversion (WOFF2 to the TrueType harfbuzz reads).
declare module 'fontverter' {
  type FontFormat = 'truetype' | 'sfnt' | 'woff' | 'woff2';
  const fontverter: {
    convert(font: Buffer, toFormat: FontFormat, fromFormat?: FontFormat): Promise<Buffer>;
  };
  export default fontverter;
}
