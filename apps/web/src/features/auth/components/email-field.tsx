import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field';

/** The e-mail address of the signed-out forms: the same label, keyboard, autofill and example in each. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('forms.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('signIn.emailPlaceholder')}
      {...props}
    />
  );
}
