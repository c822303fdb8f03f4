import { setNewPasswordFormSchema, signUpFormSchema, type SetNewPasswordForm } from '@greenhouse/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from '../components/form/submit-button';
import { TextField } from '../components/form/text-field';
import { ApiRequestError } from '../lib/api-client';
import { useSchemaForm } from './use-schema-form';

const GOOD = 'Abcdef1!';

afterEach(cleanup);

/** A new-password form (a cross-field rule, with `deps`) whose submit calls `send`. */
function NewPasswordForm({ send }: { send: (values: SetNewPasswordForm) => Promise<unknown> }) {
  const { register, shown, submitWith, isSubmitting } = useSchemaForm<SetNewPasswordForm>({
    schema: setNewPasswordFormSchema,
    defaultValues: { password: '', confirmPassword: '', token: 't' },
    serverFields: ['password', 'confirmPassword'],
  });
  const onSubmit = submitWith(send);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="New"
        error={shown('password')}
        {...register('password', { deps: 'confirmPassword' })}
      />
      <TextField label="Again" error={shown('confirmPassword')} {...register('confirmPassword')} />
      <SubmitButton busy={isSubmitting} label="Save" busyLabel="Saving" />
    </form>
  );
}

const fieldError = (field: HTMLElement) =>
  field.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(`${field.id}-error`)?.textContent
    : undefined;

describe('useSchemaForm', () => {
  it('on an invalid submit sends nothing, shows every error and focuses the first invalid field', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<NewPasswordForm send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Again'), GOOD);
    expect(fieldError(screen.getByLabelText('New'))).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(send).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('New'));
    expect(fieldError(screen.getByLabelText('New'))).toBe('This field is required.');
    // The match rule waits for both (contracts): typing the password makes the second field wrong at once.
    await user.type(screen.getByLabelText('New'), `${GOOD}x`);
    expect(fieldError(screen.getByLabelText('New'))).toBeUndefined();
    expect(fieldError(screen.getByLabelText('Again'))).toBe('Passwords must match.');
  });

  it('is busy while sending, sends the parsed values, and puts the server’s field error on its field', async () => {
    let fail!: (error: unknown) => void;
    const send = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    render(<NewPasswordForm send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New'), GOOD);
    await user.type(screen.getByLabelText('Again'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(send).toHaveBeenCalledWith({ password: GOOD, confirmPassword: GOOD, token: 't' });
    expect(screen.getByRole('button', { name: 'Saving' }).hasAttribute('disabled')).toBe(true);
    fail(
      new ApiRequestError({
        code: 'authorization.password_invalid',
        status: 400,
        message: 'x',
        type: 'validation',
        params: { field: 'confirmPassword' },
      }),
    );
    const again = screen.getByLabelText('Again');
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(fieldError(again)).toMatch(/^Password must contain/);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);

    // Leaving the field validates it again (react-hook-form's mode 'all' alike): the values are valid.
    await user.tab();
    expect(fieldError(again)).toBeUndefined();
  });

  it('sends the values as the schema parses them (trimmed)', async () => {
    const sent: unknown[] = [];
    function SignUp() {
      const { register, submitWith } = useSchemaForm({
        schema: signUpFormSchema,
        defaultValues: { email: '', password: '', firstName: '', lastName: '' },
      });
      const onSubmit = submitWith((values) => Promise.resolve(sent.push(values)));
      return (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          {(['email', 'password', 'firstName', 'lastName'] as const).map((name) => (
            <TextField key={name} label={name} {...register(name)} />
          ))}
          <button type="submit">Go</button>
        </form>
      );
    }
    render(<SignUp />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('email'), ' a@b.co ');
    await user.type(screen.getByLabelText('password'), GOOD);
    await user.type(screen.getByLabelText('firstName'), ' Ann');
    await user.type(screen.getByLabelText('lastName'), 'Lee ');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(sent).toEqual([{ email: 'a@b.co', password: GOOD, firstName: 'Ann', lastName: 'Lee' }]),
    );
  });
});
