import { GENERATE_PROMPT_PARAM } from '@app/shared/spec';
import { useEffect } from 'react';
import { useSearchParams } from '@app/shared/navigation';
import { updateDraft } from './generation-store';

/**
 * `/generate?prompt=<text>` (the gallery's "Use this prompt") fills the prompt box. The parameter
 * then leaves the address, so a later reload or a copied link does not overwrite what was typed.
 */
export function usePromptFromAddress(): void {
  const [params, setParams] = useSearchParams();
  const given = params.get(GENERATE_PROMPT_PARAM);
  useEffect(() => {
    if (given === null) return;
    updateDraft({ prompt: given });
    setParams(
      (current) => {
        const rest = new URLSearchParams(current);
        rest.delete(GENERATE_PROMPT_PARAM);
        return rest;
      },
      { replace: true },
    );
  }, [given, setParams]);
}
