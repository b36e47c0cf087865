import { bus } from '@app/shared/bus';
import type { UserProfile } from '@app/shared/contract/user';
import { COMMON_TEXT, FORM_TEXT, PROFILE_TEXT } from '@app/shared/spec';
import { ErrorAlert } from '@app/shared/ui/error-alert';
import {
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { saveName } from '../api/save-name';
import { PROFILE_UI_TEXT } from '../../../texts';

/** The API's limit for a name (shared contract: updateUserBody). */
const NAME_MAX_LENGTH = 100;

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    width: '100%',
  },
  // 16 px text (no zoom on focus in iOS) in a field a thumb can hit; on a 320 px screen a long
  // address scrolls inside its field instead of pushing the field out of the card.
  input: {
    minWidth: 0,
    '& input': { minWidth: 0, minHeight: '44px', fontSize: tokens.fontSizeBase400 },
  },
  readOnly: { backgroundColor: tokens.colorNeutralBackground3 },
  save: { minHeight: '44px', alignSelf: 'stretch' },
});

/** Full Name with Save Changes, and the read-only Email Address (spec §2, §5). */
export function AccountForm({ profile }: { profile: UserProfile }) {
  const styles = useStyles();
  // null: not edited, so a newer profile (another tab, a reload) shows as it is.
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const name = draft ?? profile.name;
  const trimmed = name.trim();
  const empty = trimmed === '';
  const unchanged = trimmed === profile.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged || empty) return;
    setSaving(true);
    setError(null);
    try {
      await saveName(trimmed);
      setDraft(null);
      bus.emit('toast:show', { intent: 'success', text: PROFILE_TEXT.updated });
    } catch (failure) {
      console.error('Saving the name failed', failure);
      setError(PROFILE_TEXT.updateFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={COMMON_TEXT.fullName}
        required
        validationState={empty ? 'error' : 'none'}
        validationMessage={empty ? FORM_TEXT.required : undefined}
      >
        <Input
          className={styles.input}
          size="large"
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={name}
          disabled={saving}
          onChange={(_, data) => setDraft(data.value)}
        />
      </Field>
      <Field label={PROFILE_TEXT.emailLabel}>
        <Input
          className={mergeClasses(styles.input, styles.readOnly)}
          size="large"
          type="email"
          value={profile.email}
          readOnly
          contentAfter={<LockClosedRegular aria-hidden />}
        />
      </Field>
      {error ? <ErrorAlert message={error} onDismiss={() => setError(null)} /> : null}
      <Button
        type="submit"
        appearance="primary"
        size="large"
        className={styles.save}
        disabled={saving || unchanged || empty}
        icon={saving ? <Spinner size="tiny" /> : undefined}
      >
        {saving ? PROFILE_UI_TEXT.saving : PROFILE_TEXT.saveChanges}
      </Button>
    </form>
  );
}
