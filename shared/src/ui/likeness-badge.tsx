import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PersonAvailableRegular, PersonQuestionMarkRegular } from '@fluentui/react-icons';
import type { Likeness } from '../contract/likeness';
import { GENERATE_TEXT } from '../spec/messages';

const useStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
  },
  good: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
  },
  doubtful: {
    backgroundColor: tokens.colorPaletteMarigoldBackground1,
    color: tokens.colorNeutralForeground1,
  },
});

export const likenessLabel = ({ score, verdict }: NonNullable<Likeness>): string =>
  `${verdict === 'looks-like-you' ? GENERATE_TEXT.looksLikeYou : GENERATE_TEXT.mightNotLookLikeYou} · ${score} %`;

/** How sure the server is that a generated face is the person (the api's calibrated likeness). */
export function LikenessBadge({
  likeness,
  className,
}: {
  likeness: NonNullable<Likeness>;
  className?: string;
}) {
  const styles = useStyles();
  const good = likeness.verdict === 'looks-like-you';
  return (
    <span
      className={mergeClasses(styles.badge, good ? styles.good : styles.doubtful, className)}
      data-testid="likeness-badge"
      data-verdict={likeness.verdict}
    >
      {good ? <PersonAvailableRegular aria-hidden /> : <PersonQuestionMarkRegular aria-hidden />}
      {likenessLabel(likeness)}
    </span>
  );
}
