import { TRAINING_TEXT } from '@app/shared/spec';
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useState } from 'react';

const useStyles = makeStyles({
  button: { minWidth: '44px', minHeight: '44px' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  content: { maxWidth: '280px' },
});

/**
 * The tips tooltip of the photo area (spec §2). A tap toggles it too: a phone has no hover, and
 * a tooltip that only shows on focus would vanish at the next tap elsewhere in the dialog.
 */
export function PhotoTips() {
  const styles = useStyles();
  const [visible, setVisible] = useState(false);
  return (
    <Tooltip
      relationship="description"
      withArrow
      visible={visible}
      onVisibleChange={(_, data) => setVisible(data.visible)}
      content={{
        className: styles.content,
        children: (
          <ul className={styles.list}>
            {TRAINING_TEXT.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        ),
      }}
    >
      <Button
        className={styles.button}
        appearance="subtle"
        icon={<InfoRegular />}
        aria-label={TRAINING_TEXT.tipsLabel}
        onClick={() => setVisible((shown) => !shown)}
      />
    </Tooltip>
  );
}
