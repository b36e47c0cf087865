import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { GENERATE_PAGE_TEXT } from '../texts';
import { promptChips } from '../utils/prompt-history';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  heading: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
  },
  chips: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  chip: {
    minHeight: '44px',
    maxWidth: '100%',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    [HOVER_MEDIA]: { ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** Up to 5 recent prompts; a tap fills the prompt box with the whole prompt (spec §2). */
export function RecentPrompts({
  history,
  onPick,
}: {
  history: readonly string[];
  onPick: (prompt: string) => void;
}) {
  const styles = useStyles();
  const chips = promptChips(history);
  if (chips.length === 0) return null;
  return (
    <div className={styles.root} data-testid="recent-prompts">
      <h3 className={styles.heading}>
        <HistoryRegular aria-hidden />
        {GENERATE_PAGE_TEXT.recentPromptsLabel}
      </h3>
      <ul className={styles.chips}>
        {chips.map(({ prompt, label }) => (
          <li key={prompt} style={{ maxWidth: '100%' }}>
            <button
              type="button"
              className={styles.chip}
              title={prompt}
              onClick={() => onPick(prompt)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
