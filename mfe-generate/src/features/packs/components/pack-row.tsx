import type { ModelSummary } from '@app/shared/contract/models';
import { countForPack, packPrompts, packsFor, type Pack } from '@app/shared/packs';
import { mediaQuery } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import { PACKS_TEXT } from '../texts';
import { PackCard } from './pack-card';

const PackDialog = lazy(() => import('./pack-dialog'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  note: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  // A phone: one row that scrolls sideways, the next card peeking in; wider: a grid.
  cards: {
    display: 'grid',
    gridAutoFlow: 'column',
    gridAutoColumns: '150px',
    gap: tokens.spacingHorizontalS,
    overflowX: 'auto',
    overscrollBehaviorX: 'contain',
    scrollSnapType: 'x mandatory',
    margin: 0,
    padding: `2px 2px ${tokens.spacingVerticalS}`,
    listStyle: 'none',
    [mediaQuery('md')]: {
      gridAutoFlow: 'row',
      gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
      overflowX: 'visible',
    },
  },
  item: { scrollSnapAlign: 'start', display: 'flex' },
});

/**
 * The packs the selected models' engine can render, beside the free prompt. Opening one shows
 * its prompts (with the lead model's trigger word) to edit; running it is one batch.
 */
export function PackRow({
  models,
  count,
  disabled,
  onRun,
}: {
  /** The selected models; the first leads (its trigger word fills the prompts). */
  models: readonly ModelSummary[];
  /** Images per prompt the page's picker asks for. */
  count: number;
  disabled: boolean;
  /** One batch: the pack's prompts (the first also as the request's prompt), `count` each. */
  onRun: (run: { prompt: string; prompts: string[]; count: number }) => void;
}) {
  const styles = useStyles();
  const { packs, hidden } = packsFor(models.map((model) => model.engine));
  const [open, setOpen] = useState<Pack | null>(null);
  const [prompts, setPrompts] = useState<string[]>([]);
  const trigger = models[0]?.triggerWord ?? null;

  return (
    <section className={styles.root} aria-labelledby="packs-heading">
      <h2 id="packs-heading" className={styles.heading}>
        {PACKS_TEXT.heading}
      </h2>
      <p className={styles.note}>{PACKS_TEXT.hint}</p>
      <ul className={styles.cards} data-testid="pack-row">
        {packs.map((pack) => (
          <li key={pack.id} className={styles.item}>
            <PackCard
              pack={pack}
              disabled={disabled}
              onOpen={() => {
                setPrompts(packPrompts(pack, trigger));
                setOpen(pack);
              }}
            />
          </li>
        ))}
      </ul>
      {hidden > 0 ? <p className={styles.note}>{PACKS_TEXT.hiddenForEngine}</p> : null}
      {open ? (
        <Suspense fallback={null}>
          <PackDialog
            pack={open}
            prompts={prompts}
            count={count}
            onChange={setPrompts}
            onRun={() => {
              const trimmed = prompts.map((prompt) => prompt.trim());
              onRun({
                prompt: trimmed[0] ?? '',
                prompts: trimmed,
                count: countForPack(prompts.length, count),
              });
              setOpen(null);
            }}
            onDismiss={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
