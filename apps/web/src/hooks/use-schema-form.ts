import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { safeParse, type z } from 'zod/mini';
import {
  submitShowingFieldErrors,
  visibleFieldError,
  type FieldErrorLike,
  type SetFieldError,
} from '../lib/form-errors';

/** A form of text fields only (the signed-out forms): every value is the string its input holds. */
type TextValues<T> = { [K in keyof T]: string };

export interface SchemaFormOptions<T extends TextValues<T>> {
  /** The form's zod/mini schema (as @greenhouse/contracts' are); its messages are i18n keys. */
  schema: z.core.$ZodType<T, T>;
  defaultValues: T;
  /**
   * The fields `submitWith` puts a server message on (params.field); any other failure is the form's
   * (FormErrorBanner). None for a form with its own submit.
   */
  serverFields?: readonly (keyof T & string)[];
}

/** The first issue of each field, keyed by its path (as @hookform/resolvers' zod resolver keeps them). */
function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, FieldErrorLike> {
  const errors: Record<string, FieldErrorLike> = {};
  for (const { path, code, message } of issues) {
    const field = path.join('.');
    errors[field] ??= { type: code, message };
  }
  return errors;
}

/**
 * useServerForm's behaviour for the signed-out forms, without react-hook-form: that library and its zod resolver
 * are some 16 KB (gzip) of the sign-in page's JavaScript (issue 22), so the forms a signed-out visitor can open
 * use this instead and react-hook-form comes with the signed-in screens' chunks. The same contract, kept in step
 * with useServerForm (react-hook-form with `mode: 'all'`):
 * - the values are controlled state; `register(name)` gives an input its name, value, onChange, onBlur and ref;
 * - a field's error is the first zod issue on its path for the current values — validated from the start, on
 *   every change and blur — shown once the field is touched (blurred) or the form submitted (visibleFieldError);
 * - an error put on a field by `setError` (the server's) shows at once and stays until that field (or a field
 *   that names it in `deps`) changes or is blurred, or the form is submitted again;
 * - `handleSubmit(onValid)` validates everything; if a field is invalid, it focuses the first invalid field in
 *   the order they were registered and sends nothing, otherwise it runs onValid with the parsed values (trimmed
 *   by the schema) while `isSubmitting` is true;
 * - `submitWith(send)`: handleSubmit that puts a failure's message on the field it names (focused) — see
 *   submitShowingFieldErrors. Other failures stay on the mutation.
 */
export function useSchemaForm<T extends TextValues<T>>({
  schema,
  defaultValues,
  serverFields = [],
}: SchemaFormOptions<T>) {
  type Name = keyof T & string;
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(defaultValues);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, FieldErrorLike>>>({});
  const [touched, setTouched] = useState<Partial<Record<Name, true>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // The inputs in the order they were first registered (a Map keeps a key's place when it is set again).
  const inputs = useRef(new Map<Name, HTMLInputElement | null>());

  const clientErrors = useMemo(() => {
    const result = safeParse(schema, values);
    return result.success ? {} : issuesByField(result.error.issues);
  }, [schema, values]);
  const errorOf = (name: Name): FieldErrorLike | undefined => serverErrors[name] ?? clientErrors[name];

  /** Drops what setError put on these fields: they are validated again. */
  const revalidate = (names: readonly Name[]) =>
    setServerErrors((errors) => {
      if (!names.some((name) => errors[name])) return errors;
      const next = { ...errors };
      for (const name of names) delete next[name];
      return next;
    });

  const register = (name: Name, options: { deps?: Name | readonly Name[] } = {}) => {
    const validated = [name, ...(options.deps === undefined ? [] : [options.deps].flat())] as Name[];
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        revalidate(validated);
      },
      onBlur: () => {
        setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
        revalidate(validated);
      },
      ref: (input: HTMLInputElement | null) => {
        inputs.current.set(name, input);
      },
    };
  };

  const setError: SetFieldError<Name> = (name, error, { shouldFocus }) => {
    setServerErrors((errors) => ({ ...errors, [name]: error }));
    if (shouldFocus) inputs.current.get(name)?.focus();
  };

  const handleSubmit = (onValid: (values: T) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    setServerErrors({});
    const result = safeParse(schema, values);
    if (!result.success) {
      setIsSubmitted(true);
      const errors = issuesByField(result.error.issues);
      for (const [name, input] of inputs.current) {
        if (errors[name] && input) {
          input.focus();
          break;
        }
      }
      return;
    }
    setIsSubmitting(true);
    try {
      await onValid(result.data);
    } finally {
      setIsSubmitting(false);
      setIsSubmitted(true);
    }
  };

  const submitWith = (send: (values: T) => Promise<unknown>) =>
    handleSubmit((parsed) => submitShowingFieldErrors(() => send(parsed), serverFields, setError));

  const shown = (name: Name): string | undefined =>
    visibleFieldError(t, errorOf(name), touched[name], isSubmitted);

  return { register, shown, setError, handleSubmit, submitWith, isSubmitting };
}
