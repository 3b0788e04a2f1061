import { Octokit } from '@octokit/core';
import { describe, expect, it } from 'vitest';
import { repositoryWebUrl, webUrlOfApi } from '../../src/github/repository-web-url.js';

describe("GitHub's web address from its API address", () => {
  it.each([
    ['https://api.github.com', 'https://github.com'],
    ['https://api.github.com/', 'https://github.com'],
    ['https://ghe.example.com/api/v3', 'https://ghe.example.com'],
    ['https://ghe.example.com/api/v3/', 'https://ghe.example.com'],
    ['http://10.0.0.5:8080/api/v3', 'http://10.0.0.5:8080'],
    ['https://api.octocorp.ghe.com', 'https://octocorp.ghe.com'],
    ['https://git.example.com/github/api/v3', 'https://git.example.com/github'],
  ])('%s → %s', (api, web) => expect(webUrlOfApi(api)).toBe(web));

  it("reads the Octokit's own base URL, github.com by default", () => {
    expect(repositoryWebUrl(new Octokit(), 'acme', 'widgets')).toBe('https://github.com/acme/widgets');
    expect(repositoryWebUrl(new Octokit({ baseUrl: 'https://ghe.example.com/api/v3' }), 'acme', 'widgets')).toBe(
      'https://ghe.example.com/acme/widgets',
    );
  });
});
