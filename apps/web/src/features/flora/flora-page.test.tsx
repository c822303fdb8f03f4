import type { FloraDownload, FloraMissingBuild } from '@greenhouse/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, renderApp, setApi, setUpAppHarness, signedInAs } from '../../test/app-harness';
import { jsonResponse, testUser } from '../../test/fixtures';
import { i18n } from '../../lib/i18n';

setUpAppHarness();

const downloads: FloraDownload[] = [
  {
    kind: 'browser',
    file: 'flora-0.1.0.js',
    version: '0.1.0',
    bytes: 48_300,
    url: '/downloads/flora/flora-0.1.0.js',
  },
  {
    kind: 'cli',
    file: 'flora-0.1.0.tgz',
    version: '0.1.0',
    bytes: 2_400_000,
    url: '/downloads/flora/flora-0.1.0.tgz',
  },
  {
    kind: 'native-windows-x64',
    file: 'flora-native-0.1.0-windows-x64.dll',
    version: '0.1.0',
    bytes: 120_000,
    url: '/downloads/flora/flora-native-0.1.0-windows-x64.dll',
  },
  {
    kind: 'unity',
    file: 'flora-unity-0.1.0.tgz',
    version: '0.1.0',
    bytes: 260_000,
    url: '/downloads/flora/flora-unity-0.1.0.tgz',
  },
];

/** What the server says of the native builds it lacks (here: no gcc for the Linux library). */
const missing: FloraMissingBuild[] = [{ kind: 'native-linux-x64', compiler: 'gcc', debianPackage: 'gcc' }];
const noDll: FloraMissingBuild = {
  kind: 'native-windows-x64',
  compiler: 'x86_64-w64-mingw32-gcc',
  debianPackage: 'gcc-mingw-w64-x86-64',
};

function serve(answer: () => Response) {
  setApi(
    signedInAs(testUser(), (url) => (url.pathname.endsWith('/api/flora/downloads') ? answer() : undefined)),
  );
}

describe('/flora', () => {
  it('lists the downloads the server has, with version and size, from the server’s address', async () => {
    serve(() => jsonResponse({ downloads, missing }));
    renderApp('/flora');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inference Engine' })).toBeTruthy();
    expect(document.title).toBe('Inference Engine · Greenhouse');
    const browser = await screen.findByRole('listitem', { name: 'Browser module' });
    expect(within(browser).getByText('flora-0.1.0.js')).toBeTruthy();
    expect(within(browser).getByText('0.1.0')).toBeTruthy();
    expect(within(browser).getByText('47.2 kB')).toBeTruthy();
    const link = within(browser).getByRole('link', { name: 'Download flora-0.1.0.js' });
    // Files are the server's (the API's origin), not the page's.
    expect(link.getAttribute('href')).toBe('http://api.test/downloads/flora/flora-0.1.0.js');
    expect(link.getAttribute('download')).toBe('flora-0.1.0.js');

    const cli = screen.getByRole('listitem', { name: 'Node.js package with CLI' });
    expect(within(cli).getByText('2.3 MB')).toBeTruthy();
    expect(within(cli).getByRole('link', { name: 'Download flora-0.1.0.tgz' }).getAttribute('href')).toBe(
      'http://api.test/downloads/flora/flora-0.1.0.tgz',
    );

    const dll = screen.getByRole('listitem', { name: 'Native library for Windows (x64)' });
    expect(within(dll).getByText('117.2 kB')).toBeTruthy();
    expect(
      within(dll)
        .getByRole('link', { name: 'Download flora-native-0.1.0-windows-x64.dll' })
        .getAttribute('href'),
    ).toBe('http://api.test/downloads/flora/flora-native-0.1.0-windows-x64.dll');

    const unity = screen.getByRole('listitem', { name: 'Unity package' });
    expect(within(unity).getByText(/Flora for Unity: a C# binding over Flora native/)).toBeTruthy();
    expect(within(unity).getByText('253.9 kB')).toBeTruthy();
    expect(
      within(unity).getByRole('link', { name: 'Download flora-unity-0.1.0.tgz' }).getAttribute('href'),
    ).toBe('http://api.test/downloads/flora/flora-unity-0.1.0.tgz');
  });

  it('gives quick starts for Node and for a web page with the real file names, and copies them', async () => {
    serve(() => jsonResponse({ downloads, missing }));
    renderApp('/flora');
    await screen.findByRole('listitem', { name: 'Browser module' });
    const node = screen.getByRole('region', { name: 'Terminal' }).textContent;
    expect(node).toContain('npm install ./flora-0.1.0.tgz');
    expect(node).toContain('npx flora run agent.json');
    const web = screen.getByRole('region', { name: 'HTML' }).textContent;
    expect(web).toContain('<script type="module">');
    expect(web).toContain("import { loadAgent } from './flora-0.1.0.js';");
    const unreal = screen.getByRole('region', { name: 'Plugin folder' }).textContent;
    expect(unreal).toContain('Binaries/Win64/cpu/flora.dll');
    expect(unreal).toContain('flora-native-0.1.0-windows-x64.dll, renamed');
    expect(unreal).toContain('Content/Models/<Name>/');

    // user-event puts a clipboard of its own in place.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy: Terminal' }));
    expect(await navigator.clipboard.readText()).toBe(node);
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
  });

  it('shows the agent download formats that exist: the CPU model and the Unreal model folder', async () => {
    serve(() => jsonResponse({ downloads, missing }));
    renderApp('/flora');
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toHaveLength(3); // the header and two formats
    expect(rows[1]).toContain('CPU Model');
    expect(rows[2]).toContain('Unreal Engine — Flora plugin');
    expect(table.textContent).not.toContain('NPU');
  });

  it('says when the server has no build, and when the list failed', async () => {
    serve(() => jsonResponse({ downloads: [], missing: [...missing, noDll] }));
    renderApp('/flora');
    expect(await screen.findByText(/no Flora build to hand out yet/)).toBeTruthy();
    // The quick start still reads, with placeholder names.
    expect(screen.getByRole('region', { name: 'Terminal' }).textContent).toContain(
      'npm install ./flora-x.y.z.tgz',
    );
  });

  it.each(['en', 'pl'] as const)(
    'says which native library is missing and what builds it; the Unreal steps say so too (%s)',
    async (language) => {
      if (language === 'pl') await i18n.changeLanguage('pl');
      const others = downloads.filter((d) => d.kind !== 'native-windows-x64');
      setApi(
        signedInAs(testUser({ language }), (url) =>
          url.pathname.endsWith('/api/flora/downloads')
            ? jsonResponse({ downloads: others, missing: [...missing, noDll] })
            : undefined,
        ),
      );
      renderApp('/flora');
      const name =
        language === 'pl' ? 'Biblioteka natywna dla Windows (x64)' : 'Native library for Windows (x64)';
      const card = await screen.findByRole('listitem', { name });
      expect(within(card).queryByRole('link')).toBeNull();
      expect(card.textContent).toContain('x86_64-w64-mingw32-gcc');
      expect(within(card).getByRole('region').textContent).toBe(
        'sudo apt-get install -y gcc-mingw-w64-x86-64\nnpm run build',
      );
      expect(
        screen.getByText(
          language === 'pl'
            ? /Ten serwer nie ma jeszcze biblioteki dla Windows: jego administrator instaluje gcc-mingw-w64-x86-64/
            : /This server has no Windows library to offer yet: its administrator installs gcc-mingw-w64-x86-64/,
        ),
      ).toBeTruthy();
    },
  );

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    serve(() => (fail ? apiErrorResponse('INTERNAL', 500) : jsonResponse({ downloads, missing })));
    renderApp('/flora');
    expect(await screen.findByText(/Could not load the downloads\./)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Browser module' })).toBeTruthy();
  });

  it('is in Polish too', async () => {
    await i18n.changeLanguage('pl');
    setApi(
      signedInAs(testUser({ language: 'pl' }), (url) =>
        url.pathname.endsWith('/api/flora/downloads') ? jsonResponse({ downloads, missing }) : undefined,
      ),
    );
    renderApp('/flora');
    expect(await screen.findByRole('heading', { level: 1, name: 'Silnik inferencji' })).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Moduł dla przeglądarki' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pobierz flora-0.1.0.tgz' })).toBeTruthy();
    const unity = screen.getByRole('listitem', { name: 'Pakiet dla Unity' });
    expect(within(unity).getByText(/Flora dla Unity: warstwa C# nad Florą natywną/)).toBeTruthy();
    expect(within(unity).getByRole('link', { name: 'Pobierz flora-unity-0.1.0.tgz' })).toBeTruthy();
  });
});
