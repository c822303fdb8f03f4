import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { submitShowingFieldErrors, visibleFieldError } from '../lib/form-errors';

export interface ServerFormOptions<T extends FieldValues> {
  /** The form's zod/mini schema (as @greenhouse/contracts' are); its messages are i18n keys. */
  schema: z.core.$ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  /**
   * The fields `submitWith` puts a server message on (params.field); any other failure is the form's
   * (FormErrorBanner). None for a form with its own submit.
   */
  serverFields?: readonly Path<T>[];
}

/**
 * The scaffold of a form the server answers: react-hook-form with the zod schema, validated on every change
 * and blur (`mode: 'all'`), plus
 * - `shown(name)`: the translated error of a field, once it is touched or the form submitted (the server's
 *   at once) — see visibleFieldError;
 * - `submitWith(send)`: a submit handler that runs `send` with the valid values and puts a failure's message
 *   on the field it names (focused) — see submitShowingFieldErrors. Other failures stay on the mutation.
 *
 * The signed-out forms use its twin without react-hook-form, useSchemaForm (the first page's size, issue 22):
 * a change to what a user sees here belongs there too.
 */
export function useServerForm<T extends FieldValues>({
  schema,
  defaultValues,
  serverFields = [],
}: ServerFormOptions<T>) {
  const { t } = useTranslation();
  const form = useForm<T>({ resolver: zodResolver(schema), mode: 'all', defaultValues });
  const { errors, touchedFields, isSubmitted } = form.formState;
  const shown = (name: Path<T>): string | undefined =>
    visibleFieldError(t, get(errors, name), get(touchedFields, name), isSubmitted);
  const submitWith = (send: (values: T) => Promise<unknown>) =>
    form.handleSubmit((values) => submitShowingFieldErrors(() => send(values), serverFields, form.setError));
  return { ...form, shown, submitWith };
}
