import { describe, expect, it } from 'vitest';
import { hostPermissionPattern } from '@/lib/core/host-permission';

describe('the host permission asked for an endpoint', () => {
  it('leaves the port out: Firefox would read it as part of the host name and never match', () => {
    expect(hostPermissionPattern('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1/*');
    expect(hostPermissionPattern('http://127.0.0.1:8080')).toBe('http://127.0.0.1/*');
    expect(hostPermissionPattern('http://localhost:1234/v1/')).toBe('http://localhost/*');
    expect(hostPermissionPattern('https://llm.example.org:8443/api')).toBe('https://llm.example.org/*');
  });

  it('keeps the scheme and host of a provider, and brackets an IPv6 host', () => {
    expect(hostPermissionPattern('https://api.openai.com/v1')).toBe('https://api.openai.com/*');
    expect(hostPermissionPattern('https://generativelanguage.googleapis.com')).toBe(
      'https://generativelanguage.googleapis.com/*',
    );
    expect(hostPermissionPattern('http://[::1]:11434/v1')).toBe('http://[::1]/*');
  });

  it('gives nothing for what is not an http(s) address', () => {
    expect(hostPermissionPattern(undefined)).toBeUndefined();
    expect(hostPermissionPattern('')).toBeUndefined();
    expect(hostPermissionPattern('127.0.0.1:11434')).toBeUndefined();
    expect(hostPermissionPattern('file:///etc/passwd')).toBeUndefined();
    expect(hostPermissionPattern('not a url')).toBeUndefined();
  });
});
