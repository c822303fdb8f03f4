import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiCalls,
  apiErrorResponse,
  fetchMock,
  renderApp,
  setApi,
  setUpAppHarness,
  signedInAs,
} from '../../test/app-harness';
import { jsonResponse, testBloom, testUser } from '../../test/fixtures';
import { MAX_UPLOAD_BYTES } from './upload-errors';

setUpAppHarness();

const isUpload = (url: URL, init: RequestInit) =>
  url.pathname.endsWith('/bloom/upload') && init.method === 'POST';

const jsonFile = (name = 'helper.json', content = '{"name":"helper"}') =>
  new File([content], name, { type: 'application/json' });

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

/** The error next to the file (the page's other alert region holds the error toasts). */
const fileAlert = () =>
  screen.queryAllByRole('alert').find((element) => element.classList.contains('file-error')) ?? null;

const problemItems = () => Array.from(document.querySelectorAll('.problem-list > li'));

const submitButton = () => screen.getByRole('button', { name: 'Create agent' }) as HTMLButtonElement;

/** The request bodies POSTed to /bloom/upload (multipart: FormData). */
const uploads = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => isUpload(new URL(String(input)), init ?? {}))
    .map(([, init]) => init?.body as FormData);

/** Protocol problems as the server reports them; their `message`s differ from the app's texts on purpose. */
const problems = [
  {
    path: ['name'],
    pointer: '/name',
    key: 'mtp.required',
    message: 'server text for required',
    params: { property: 'name' },
  },
  {
    path: ['instruction', 'sets', 0, 'set', 1],
    pointer: '/instruction/sets/0/set/1',
    key: 'mtp.unknownToken',
    message: 'server text for unknownToken',
    params: { token: 'Cat', set: 0, setName: 'Talk' },
  },
  {
    path: [],
    pointer: '',
    key: 'mtp.someNewCheck',
    message: 'A check this app has no text for.',
    params: {},
  },
];

/** Chooses a valid file and submits the form. */
async function submitFile(submitLabel = 'Create agent') {
  const user = userEvent.setup();
  await user.upload(fileInput(), jsonFile());
  const submit = screen.getByRole('button', { name: submitLabel }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  await user.click(submit);
}

async function openForm(answerUpload?: () => Response) {
  setApi(signedInAs(testUser(), (url, init) => (isUpload(url, init) ? answerUpload?.() : undefined)));
  const router = renderApp('/agent/new');
  await screen.findByRole('heading', { name: 'Upload JSON File' });
  return router;
}

describe('new agent: the upload form', () => {
  it('shows the name, the drop zone as a button and what happens after the upload (no cost card yet)', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'New agent' })).toBeTruthy();
    expect(document.title).toBe('New agent · Greenhouse');
    // No "Total Cost: N/A / Not started" before there is an agent to price.
    expect(screen.queryByText(/Total Cost/)).toBeNull();
    expect(screen.queryByText('Not started')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'After the upload' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain(
      'Download the agent as one file and run it with Flora.',
    );
    const name = screen.getByLabelText('Name (optional)');
    expect(name.getAttribute('placeholder')).toBe('Enter name for your agent...');
    const zone = screen.getByRole('button', { name: /Drag & drop a JSON file\s*or click to browse/ });
    expect(zone.getAttribute('aria-describedby')).toBeTruthy();
    expect(fileInput().accept).toBe('.json,application/json');
    expect(fileInput().multiple).toBe(false);
    expect(screen.getByText('What is a protocol file?')).toBeTruthy();
  });

  it('keeps Create disabled without a file, and says the file is required once one is removed', async () => {
    await openForm();
    const user = userEvent.setup();
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(screen.queryByText('File is required.')).toBeNull();

    await user.upload(fileInput(), jsonFile());
    expect(await screen.findByText('helper.json')).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    await user.click(screen.getByRole('button', { name: 'Remove helper.json' }));
    expect(await screen.findByText('File is required.')).toBeTruthy();
    expect(screen.queryByText('helper.json')).toBeNull();
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(document.activeElement?.textContent).toMatch(/Drag & drop a JSON file/);
  });

  it('accepts only .json files', async () => {
    await openForm();
    // As if the picker's "All files" had been chosen.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['plain'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only .json files are accepted.')).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(uploads()).toHaveLength(0);
  });

  it('refuses a file over 2 MB before sending it', async () => {
    await openForm();
    const user = userEvent.setup();
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.json', { type: 'application/json' });
    await user.upload(fileInput(), big);
    expect(await screen.findByText('The file is larger than 2 MB. Choose a smaller file.')).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(uploads()).toHaveLength(0);
  });

  it('takes a dropped file, and refuses several at once', async () => {
    await openForm();
    const zone = screen.getByRole('button', { name: /Drag & drop a JSON file/ }).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [jsonFile('dropped.json')], types: ['Files'] } });
    expect(await screen.findByText('dropped.json')).toBeTruthy();

    fireEvent.drop(zone, {
      dataTransfer: { files: [jsonFile('a.json'), jsonFile('b.json')], types: ['Files'] },
    });
    expect(await screen.findByText('Drop a single file.')).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(true));
  });

  it('uploads name and file as multipart, then opens the new agent’s page', async () => {
    const created = testBloom({ id: 'b9', name: 'My helper' });
    setApi(
      signedInAs(testUser(), (url, init) => {
        if (isUpload(url, init)) return jsonResponse(created, 201);
        if (url.pathname.endsWith('/blooms/b9')) return jsonResponse(created);
        return undefined;
      }),
    );
    const router = renderApp('/agent/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name (optional)'), '  My helper ');
    await user.upload(fileInput(), jsonFile());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'My helper' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/b9');
    expect(screen.getByText('Agent “My helper” created.')).toBeTruthy();
    const [body] = uploads();
    expect(body).toBeInstanceOf(FormData);
    expect(body!.get('name')).toBe('My helper');
    expect((body!.get('file') as File).name).toBe('helper.json');
    // Name first: a streaming multipart reader sees it before the file.
    expect([...body!.keys()]).toEqual(['name', 'file']);
    // The sidebar's list is fetched again, so the new agent shows up there.
    expect(apiCalls('GET', '/blooms').length).toBeGreaterThanOrEqual(2);
  });

  it('sends no name when none is given', async () => {
    await openForm(() => jsonResponse(testBloom({ id: 'b9' }), 201));
    const user = userEvent.setup();
    await user.upload(fileInput(), jsonFile());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(uploads()[0]!.has('name')).toBe(false);
  });

  it('lists the protocol’s problems next to the file, each in words and with where it is', async () => {
    await openForm(() => apiErrorResponse('bloom.invalid_file', 400, { problems }));
    await submitFile();

    await waitFor(() =>
      expect(fileAlert()?.textContent).toBe(
        'This is not a valid protocol file. Fix these problems and upload it again:',
      ),
    );
    const items = problemItems();
    expect(items.map((item) => item.textContent)).toEqual([
      'The required property "name" is missing.Where: /name',
      'The token "Cat" is not defined in "tokens" (set "Talk").Where: /instruction/sets/0/set/1',
      'A check this app has no text for.Where: the whole file',
    ]);
    expect(items[1]!.querySelector('code')?.textContent).toBe('/instruction/sets/0/set/1');
    expect(fileInput().closest('.upload-form__file')?.contains(items[0]!)).toBe(true);
  });

  it('translates the problems it has texts for (Polish)', async () => {
    setApi(
      signedInAs(testUser({ language: 'pl' }), (url, init) =>
        isUpload(url, init) ? apiErrorResponse('bloom.invalid_file', 400, { problems }) : undefined,
      ),
    );
    renderApp('/agent/new');
    await screen.findByRole('heading', { name: 'Prześlij plik JSON' });
    await submitFile('Utwórz agenta');
    await waitFor(() => expect(problemItems()).toHaveLength(3));
    expect(problemItems().map((item) => item.textContent)).toEqual([
      'Brakuje wymaganej właściwości "name".Miejsce: /name',
      'Token "Cat" nie jest zdefiniowany w "tokens" (zestaw "Talk").Miejsce: /instruction/sets/0/set/1',
      'A check this app has no text for.Miejsce: cały plik',
    ]);
  });

  it('puts a name the server finds too long on the name field', async () => {
    await openForm(() => apiErrorResponse('bloom.name_too_long', 400, { field: 'name', max: 128 }));
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name (optional)');
    await user.type(name, 'x'.repeat(130));
    await user.upload(fileInput(), jsonFile());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());

    expect(await screen.findByText('Bloom name cannot be more than 128 characters long.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fileAlert()).toBeNull();
  });

  it('shows what the server says about an unsupported protocol, and an invalid JSON’s position', async () => {
    let answer = () =>
      jsonResponse(
        {
          code: 'NOT_IMPLEMENTED_YET',
          status: 501,
          type: 'error',
          message: 'State machine protocols are not supported yet.',
          params: {},
        },
        501,
      );
    setApi(signedInAs(testUser(), (url, init) => (isUpload(url, init) ? answer() : undefined)));
    renderApp('/agent/new');
    await screen.findByRole('heading', { name: 'Upload JSON File' });
    const user = userEvent.setup();
    await user.upload(fileInput(), jsonFile());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() =>
      expect(fileAlert()?.textContent).toBe('State machine protocols are not supported yet.'),
    );

    answer = () => apiErrorResponse('bloom.invalid_json', 400, { line: 3, column: 7 });
    await user.click(submitButton());
    await waitFor(() =>
      expect(fileAlert()?.textContent).toBe('The file does not contain valid JSON (line 3, column 7).'),
    );
  });
});
