import { describe, expect, it } from 'vitest';
import { bareEmbedLink, embedLink } from './embeds.js';

describe('embedLink', () => {
  it.each([
    [
      'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e', 'https://vimeo.com/76979871'],
  ])('links the player %s to the video page %s', (src, href) => {
    expect(embedLink('iframe', { src })?.href).toBe(href);
  });

  it("names the link by the player's title, shortened, or by the provider", () => {
    expect(
      embedLink('iframe', { src: 'https://www.youtube.com/embed/dQw4w9WgXcQ', title: '  Bail\n explained ' }),
    ).toEqual({
      href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      text: 'Watch on YouTube: Bail explained',
    });
    const long = embedLink('iframe', {
      src: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      title: 'a'.repeat(400),
    });
    expect(long?.text.length).toBeLessThan(170);
    expect(long?.text.endsWith('…')).toBe(true);
    expect(embedLink('iframe', { src: 'https://player.vimeo.com/video/1' })?.text).toBe(
      'Watch the video on Vimeo',
    );
  });

  it('links a player address it cannot read, and any other frame, to the address itself', () => {
    expect(embedLink('iframe', { src: 'https://www.youtube.com/embed/<bad>' })).toEqual({
      href: 'https://www.youtube.com/embed/%3Cbad%3E',
      text: 'Open the embedded content on youtube.com',
    });
    expect(
      embedLink('iframe', { src: 'https://calendly.com/firm/consult', title: 'Book a consultation' }),
    ).toEqual({
      href: 'https://calendly.com/firm/consult',
      text: 'Book a consultation (on calendly.com)',
    });
  });

  it('links video and audio files', () => {
    expect(embedLink('video', { src: 'https://wp.example/wp-content/uploads/a.mp4' })?.text).toBe(
      'Watch the video',
    );
    expect(embedLink('audio', { src: 'https://wp.example/a.mp3', title: 'Talk' })?.text).toBe(
      'Listen to the recording: Talk',
    );
  });

  it.each([
    undefined,
    '',
    '/relative.mp4',
    '//evil.example/x',
    'javascript:alert(1)',
    'data:text/html,x',
    'about:blank',
  ])('has no link for the address %s', (src) => {
    expect(embedLink('iframe', { src })).toBeNull();
    expect(embedLink('video', { src })).toBeNull();
  });
});

describe('bareEmbedLink', () => {
  it('names a known video page by its provider and keeps other addresses as their own text', () => {
    expect(bareEmbedLink('\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n')).toEqual({
      href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      text: 'Watch the video on YouTube',
    });
    expect(bareEmbedLink(' https://x.com/firm/status/1 ')).toEqual({
      href: 'https://x.com/firm/status/1',
      text: 'https://x.com/firm/status/1',
    });
  });

  it('is null for text that is not one absolute http(s) address', () => {
    for (const text of [
      '',
      'watch this',
      'https://a.example/ https://b.example/',
      'javascript:alert(1)',
      '/path',
    ])
      expect(bareEmbedLink(text)).toBeNull();
  });
});
