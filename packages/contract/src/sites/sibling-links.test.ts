import { describe, expect, it } from 'vitest';
import { siblingLinks } from './sibling-links.js';

describe('siblingLinks (§1: blog, learn and announcements on sibling sub-domains)', () => {
  it('builds https links on sibling sub-domains of the site domain', () => {
    expect(siblingLinks('gatehouse.eu', 'prod')).toEqual({
      blog: 'https://blog.gatehouse.eu',
      learn: 'https://learn.gatehouse.eu',
      announcements: 'https://announcements.gatehouse.eu',
    });
  });

  it('drops the www. label and any port on production hosts', () => {
    expect(siblingLinks('WWW.Gatehouse.example:443', 'prod').learn).toBe('https://learn.gatehouse.example');
  });

  it('a testnet host takes the prefix testnet- and the blog becomes newblog', () => {
    expect(siblingLinks('testnet.gatehouse.eu', 'testnet')).toEqual({
      blog: 'https://testnet-newblog.gatehouse.eu',
      learn: 'https://testnet-learn.gatehouse.eu',
      announcements: 'https://testnet-announcements.gatehouse.eu',
    });
  });

  it('the test environment links like prod', () => {
    expect(siblingLinks('test.gatehouse.eu', 'test').blog).toBe('https://blog.gatehouse.eu');
  });

  it('local hosts keep http and the port', () => {
    expect(siblingLinks('eu.localhost:3000', 'prod').blog).toBe('http://blog.eu.localhost:3000');
    expect(siblingLinks('localhost:3000', 'prod').learn).toBe('http://learn.localhost:3000');
    expect(siblingLinks('testnet.eu.localhost', 'testnet').blog).toBe('http://testnet-newblog.eu.localhost');
    expect(siblingLinks('127.0.0.1:3000', 'prod').announcements).toBe('http://announcements.localhost:3000');
  });

  it('an invalid host gives same-origin root links', () => {
    expect(siblingLinks('evil.com/x', 'prod')).toEqual({ blog: '/', learn: '/', announcements: '/' });
  });
});
