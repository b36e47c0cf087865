import { ACCOUNT_DELETION_WORD } from '@app/shared/contract/user';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import { ConfirmDialog, preloadConfirmDialog } from '../../../components/lazy-dialogs';
import { accountDeletion } from '../api/delete-account';
import { DELETE_ACCOUNT_TEXT } from '../texts';

const useStyles = makeStyles({
  button: {
    minHeight: '44px',
    width: '100%',
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground1 },
    ':hover:active': { color: tokens.colorPaletteRedForeground1 },
  },
  list: { margin: `${tokens.spacingVerticalS} 0`, paddingLeft: tokens.spacingHorizontalXL },
  field: { marginTop: tokens.spacingVerticalM },
  // 16 px: phones zoom into smaller inputs.
  input: { '& input': { minWidth: 0, minHeight: '44px', fontSize: tokens.fontSizeBase400 } },
});

/** "Delete account": a confirmation listing what goes, which asks for DELETE to be typed. */
export function DeleteAccountButton() {
  const styles = useStyles();
  const [dialog, setDialog] = useState<'closed' | 'open' | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Kept while the page lives: a retry after an accepted request only finishes the rest.
  const [deleteAccount] = useState(accountDeletion);

  const confirm = async () => {
    setError(null);
    try {
      await deleteAccount();
    } catch (failure) {
      setError(DELETE_ACCOUNT_TEXT.failed);
      throw failure;
    }
  };

  return (
    <>
      <Button
        className={styles.button}
        appearance="subtle"
        size="large"
        icon={<DeleteRegular />}
        onClick={() => {
          setTyped('');
          setError(null);
          setDialog('open');
        }}
        {...preloadConfirmDialog}
      >
        {DELETE_ACCOUNT_TEXT.button}
      </Button>
      {dialog !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={dialog === 'open'}
            title={DELETE_ACCOUNT_TEXT.title}
            message={
              <>
                <p>{DELETE_ACCOUNT_TEXT.intro}</p>
                <ul className={styles.list}>
                  {DELETE_ACCOUNT_TEXT.goes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <p>{DELETE_ACCOUNT_TEXT.receipt}</p>
                <Field className={styles.field} label={DELETE_ACCOUNT_TEXT.typeLabel}>
                  <Input
                    className={styles.input}
                    size="large"
                    value={typed}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    onChange={(_, data) => setTyped(data.value)}
                  />
                </Field>
              </>
            }
            confirmLabel={DELETE_ACCOUNT_TEXT.confirm}
            busyLabel={DELETE_ACCOUNT_TEXT.deleting}
            destructive
            confirmDisabled={typed.trim() !== ACCOUNT_DELETION_WORD}
            error={error}
            onConfirm={confirm}
            onDismiss={() => setDialog('closed')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
