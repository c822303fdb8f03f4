// The server says what builds a missing native library from @greenhouse/contracts' table; the build uses its own.
import { floraNativeBuilds } from '@greenhouse/contracts';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../build.mjs';

describe('the native targets', () => {
  it('name the same compilers and Debian packages as the table the server and the /flora page use', () => {
    expect(Object.keys(floraNativeBuilds)).toEqual(Object.keys(TARGETS).map((t) => `native-${t}`));
    for (const [target, { compiler, debianPackage }] of Object.entries(TARGETS))
      expect(floraNativeBuilds[`native-${target}` as keyof typeof floraNativeBuilds]).toEqual({
        compiler,
        debianPackage,
      });
  });
});
