import { describe, expect, it } from 'vitest';
import { checkReviewUrl } from './review-url';

describe('checkReviewUrl (spec §5)', () => {
  it.each([
    ['g.page/…', 'https://g.page/chez-paul-lyon', 'https://g.page/chez-paul-lyon'],
    ['g.page/r/…', 'https://g.page/r/CbX9abc123/review', 'https://g.page/r/CbX9abc123/review'],
    ['www.g.page', 'https://www.g.page/r/CbX9abc123/review', 'https://www.g.page/r/CbX9abc123/review'],
    ['{host}/local/writereview?placeid=…', 'https://search.google.com/local/writereview?placeid=ChIJ123', 'https://search.google.com/local/writereview?placeid=ChIJ123'],
    ['google.fr writereview', 'https://www.google.fr/local/writereview?placeid=ChIJ123', 'https://www.google.fr/local/writereview?placeid=ChIJ123'],
    ['{host}/maps/…', 'https://www.google.com/maps/place/Chez+Paul/@45.76,4.83,17z', 'https://www.google.com/maps/place/Chez+Paul/@45.76,4.83,17z'],
    ['maps.google.com/maps/…', 'https://maps.google.com/maps/place/Chez+Paul', 'https://maps.google.com/maps/place/Chez+Paul'],
    ['google.co.uk/maps', 'https://google.co.uk/maps/place/X', 'https://google.co.uk/maps/place/X'],
    ['google.de writereview', 'https://www.google.de/local/writereview?placeid=ChIJ1', 'https://www.google.de/local/writereview?placeid=ChIJ1'],
    ['google.com.au/maps', 'https://www.google.com.au/maps/place/X', 'https://www.google.com.au/maps/place/X'],
    ['maps.app.goo.gl/…', 'https://maps.app.goo.gl/AbC123xyz', 'https://maps.app.goo.gl/AbC123xyz'],
  ])('accepts %s', (_name, input, expected) => {
    expect(checkReviewUrl(input)).toEqual({ ok: true, url: expected });
  });

  it('trims, removes whitespace and upgrades http to https', () => {
    expect(checkReviewUrl('  http://g.page/r/Cb X9/review \n')).toEqual({ ok: true, url: 'https://g.page/r/CbX9/review' });
    expect(checkReviewUrl('HTTP://search.google.com/local/writereview?placeid=A B')).toEqual({ ok: true, url: 'https://search.google.com/local/writereview?placeid=AB' });
  });

  it('says empty for a blank input (an empty save removes the link)', () => {
    expect(checkReviewUrl('   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it.each([
    ['no scheme', 'g.page/r/abc'],
    ['another scheme', 'ftp://g.page/r/abc'],
    ['javascript:', 'javascript:alert(1)//https://g.page/r/abc'],
    ['a look-alike host', 'https://g.page.evil.com/r/abc'],
    ['google as a subdomain', 'https://google.com.evil.com/maps/place/x'],
    ['another host', 'https://www.tripadvisor.fr/Restaurant_Review'],
    ['g.page with no path', 'https://g.page/'],
    ['writereview without placeid', 'https://search.google.com/local/writereview'],
    ['writereview with an empty placeid', 'https://search.google.com/local/writereview?placeid='],
    ['google.com home', 'https://www.google.com/'],
    ['google search page', 'https://www.google.com/search?q=chez+paul'],
    ['credentials in the URL', 'https://user:pass@g.page/r/abc'],
    ['a port', 'https://g.page:8443/r/abc'],
    ['/maps alone', 'https://www.google.com/maps/'],
    ['attack: google.xyz (not a Google domain)', 'https://www.google.xyz/maps/place/X'],
    ['attack: google.top', 'https://google.top/local/writereview?placeid=ChIJ1'],
    ['attack: google.wtf', 'https://maps.google.wtf/maps/place/X'],
    ['attack: search. on another Google-looking domain', 'https://search.google.xyz/local/writereview?placeid=ChIJ1'],
    ['attack: a phishing page', 'https://evil.example/phish'],
    ['maps.app.goo.gl with no path', 'https://maps.app.goo.gl/'],
    ['another goo.gl host', 'https://goo.gl/maps/abc'],
  ])('refuses %s', (_name, input) => {
    expect(checkReviewUrl(input)).toEqual({ ok: false, reason: 'invalid' });
  });
});
