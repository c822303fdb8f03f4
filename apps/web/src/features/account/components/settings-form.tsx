import { languages, type Language, type User } from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { formErrorOutcome } from '../../../lib/form-errors';
import { useUpdateAccount } from '../api/account';

const settingsFormSchema = z.object({ language: z.enum(languages, { error: 'validation.required' }) });
type SettingsForm = z.infer<typeof settingsFormSchema>;

/**
 * The Language section of /settings, the user's preferences: the language of the screens and of the e-mails the account receives. Saving
 * sends it with the user's names (PUT /account/data) and switches the UI to it (stored under `language`).
 */
export function SettingsForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: { language: user.language },
  });

  const onSubmit = handleSubmit(async ({ language }) => {
    try {
      await update.mutateAsync({ firstName: user.firstName, lastName: user.lastName, language });
    } catch {
      return; // Shown below from update.error.
    }
    await i18n.changeLanguage(language);
  });

  // The form has no field the server could name, so every error goes into the alert region.
  const formError = update.isError ? formErrorOutcome(update.error, []) : null;

  return (
    <section className="profile-section" aria-labelledby="settings-language-heading">
      <h2 id="settings-language-heading" className="profile-section__heading">
        {t('settings.language.legend')}
      </h2>
      <form className="profile-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset className="choice-group" aria-describedby="settings-language-hint">
          {/* The section's heading shows the same words; the legend names the group for screen readers. */}
          <legend className="visually-hidden">{t('settings.language.legend')}</legend>
          <p id="settings-language-hint" className="choice-group__hint">
            {t('settings.language.hint')}
          </p>
          <div className="choice-group__options">
            {languages.map((language: Language) => (
              <label key={language} className="choice" lang={language}>
                <input type="radio" value={language} className="choice__input" {...register('language')} />
                <span className="choice__label">{t(`language.${language}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormErrorBanner error={formError} />
        <LiveRegion>{update.isSuccess && <Banner tone="success">{t('settings.saved')}</Banner>}</LiveRegion>
        <div className="profile-form__actions">
          <SubmitButton
            className="btn btn--primary"
            busy={isSubmitting}
            label={t('settings.save')}
            busyLabel={t('common.saving')}
          />
        </div>
      </form>
    </section>
  );
}
