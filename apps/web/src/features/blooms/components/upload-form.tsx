import {
  uploadFormSchema,
  type UploadForm as UploadValues,
  type UploadFormInput,
} from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useState } from 'react';
import { useController, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { Spinner } from '../../../components/spinner/spinner';
import { SERVER_ERROR_TYPE, visibleFieldError } from '../../../lib/form-errors';
import { useUploadBloom } from '../api/blooms';
import { MAX_UPLOAD_BYTES, uploadErrorView } from '../upload-errors';
import { FileDropZone } from './file-drop-zone';
import { ProtocolHelp } from './protocol-help';
import { FileErrorMessage, ProtocolProblemList, useUploadMessage } from './upload-error';
import '../../../components/bloom-card/bloom-card.css';
import './upload-form.css';

const schemaResolver = zodResolver(uploadFormSchema);

/** The contracts' upload rules (name 1..255, a .json file), plus the server's 2 MB limit. */
const uploadResolver: Resolver<UploadFormInput, unknown, UploadValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const { file } = values;
  if (!result.errors.file && file instanceof File && file.size > MAX_UPLOAD_BYTES) {
    return {
      values: {},
      errors: { ...result.errors, file: { type: 'maxSize', message: 'upload.errors.fileTooLarge' } },
    };
  }
  return result;
};

/**
 * Upload JSON File: an optional name and the protocol file (picked or dropped). Upload is disabled while
 * the form is invalid or sending. The server's verdict on the file (with the protocol's problems) shows
 * next to the file; a name it refuses, on the name field. A created agent opens its page.
 */
export function UploadForm() {
  const { t } = useTranslation();
  const { notify } = useToast();
  const navigate = useNavigate();
  const upload = useUploadBloom();
  const messageText = useUploadMessage();
  const hintId = useId();
  const fileErrorId = useId();
  const [manyFiles, setManyFiles] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting, isValid },
  } = useForm<UploadFormInput, unknown, UploadValues>({
    resolver: uploadResolver,
    mode: 'all',
    defaultValues: { name: '', file: null },
  });
  const { field: fileField, fieldState: fileState } = useController({ control, name: 'file' });
  const { onBlur: touchFile, onChange: setFile } = fileField;
  const file = fileField.value instanceof File ? fileField.value : null;

  const onTouched = useCallback(() => touchFile(), [touchFile]);
  // Choosing, dropping or removing a file is acting on the field: its verdict shows at once.
  const onFile = (next: File | null) => {
    setManyFiles(false);
    upload.reset();
    setFile(next);
    touchFile();
  };
  const onManyFiles = () => {
    onFile(null);
    setManyFiles(true);
  };

  const onSubmit = handleSubmit(async (form) => {
    try {
      const bloom = await upload.mutateAsync({ name: form.name, file: form.file as File });
      notify(t('newAgent.created', { name: bloom.name }));
      await navigate(paths.agent(bloom.id));
    } catch (error) {
      const view = uploadErrorView(error);
      if (view.target === 'name' && 'key' in view.message) {
        setError('name', { type: SERVER_ERROR_TYPE, message: view.message.key }, { shouldFocus: true });
      }
    }
  });

  const serverError = upload.isError ? uploadErrorView(upload.error) : null;
  const fileServerError = serverError?.target === 'file' ? serverError : null;
  const fileError = manyFiles
    ? t('upload.errors.oneFile')
    : visibleFieldError(t, fileState.error, fileState.isTouched, isSubmitted);
  const busy = isSubmitting;

  return (
    <form
      className="bloom-card bloom-card--form upload-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 className="upload-form__heading">{t('newAgent.formHeading')}</h2>
      <TextField
        label={t('newAgent.nameLabel')}
        placeholder={t('newAgent.namePlaceholder')}
        autoComplete="off"
        error={visibleFieldError(t, errors.name, touchedFields.name, isSubmitted)}
        {...register('name')}
      />

      <div className="upload-form__file">
        <FileDropZone
          file={file}
          onFile={onFile}
          onManyFiles={onManyFiles}
          onTouched={onTouched}
          describedBy={`${hintId} ${fileErrorId}`}
          invalid={Boolean(fileError || fileServerError)}
          disabled={busy}
        />
        <p id={hintId} className="upload-form__hint">
          {t('newAgent.fileLabel')}
        </p>
        <div className="upload-form__errors" aria-live="assertive">
          {fileError && <FileErrorMessage id={fileErrorId} text={fileError} />}
          {!fileError && fileServerError && (
            <FileErrorMessage id={fileErrorId} text={messageText(fileServerError.message)} />
          )}
        </div>
        {!fileError && fileServerError && fileServerError.problems.length > 0 && (
          <ProtocolProblemList problems={fileServerError.problems} />
        )}
      </div>

      <button
        type="submit"
        className="btn btn--primary btn--block upload-form__submit"
        disabled={!isValid || busy}
        aria-busy={busy || undefined}
      >
        {busy && <Spinner />}
        {busy ? t('newAgent.submitting') : t('newAgent.submit')}
      </button>

      <ProtocolHelp />
    </form>
  );
}
