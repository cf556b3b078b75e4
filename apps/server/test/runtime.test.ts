import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJORS, unsupportedRuntime } from '../src/runtime.ts';

describe('the supported runtime (decision 028)', () => {
  it('accepts Node.js 24 and refuses other majors with a line naming the version found', () => {
    expect(SUPPORTED_NODE_MAJORS).toEqual([24]);
    expect(unsupportedRuntime('24.11.0')).toBeNull();
    expect(unsupportedRuntime('24.21.0')).toBeNull();
    for (const version of ['20.20.2', '22.12.0', '26.1.0']) {
      expect(unsupportedRuntime(version)).toContain(`this is Node.js ${version}`);
    }
  });

  it('is what these tests run on', () => {
    expect(unsupportedRuntime()).toBeNull();
  });

  it('is checked first by every entry point, before anything that could fail on another Node', () => {
    for (const entry of ['main.ts', 'cli.ts', 'cli-migrate.ts']) {
      const source = readFileSync(new URL(`../src/${entry}`, import.meta.url), 'utf8');
      const firstImport = source.split('\n').find((line) => line.startsWith('import '));
      expect(firstImport, entry).toBe("import './runtime.ts';");
    }
  });
});
