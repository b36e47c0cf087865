import {
  MODEL_NAME_MAX_LENGTH,
  deriveTriggerWord,
  validateModelName,
  validateTriggerWord,
} from '@app/shared/spec';
import { useState } from 'react';

/**
 * The name and trigger word of spec §5: the name (at most 20, trimmed, required) fills the
 * trigger word as it is typed (without spaces, lower-cased); the trigger refuses typed spaces
 * and starts from the user's own name; an empty trigger is derived from the name at submit.
 */
export function useTrainingForm() {
  const [modelName, setModelNameValue] = useState('');
  const [triggerWord, setTriggerWordValue] = useState('');
  const [nameTouched, setNameTouched] = useState(false);

  return {
    modelName,
    triggerWord,
    nameError: nameTouched ? validateModelName(modelName) : null,
    triggerError: validateTriggerWord(triggerWord),
    setModelName(value: string) {
      const name = value.slice(0, MODEL_NAME_MAX_LENGTH);
      setModelNameValue(name);
      setTriggerWordValue(deriveTriggerWord(name));
    },
    /** Typed spaces never arrive (the input refuses them); a pasted one is shown as an error. */
    setTriggerWord: setTriggerWordValue,
    touchName: () => setNameTouched(true),
    /** A fresh dialog: no name yet, the trigger word made from the user's name. */
    start(userName: string) {
      setModelNameValue('');
      setNameTouched(false);
      setTriggerWordValue(deriveTriggerWord(userName));
    },
    /** What POST /media/start-training gets. */
    request() {
      const name = modelName.trim();
      return { modelName: name, triggerWord: triggerWord.trim() || deriveTriggerWord(name) };
    },
  };
}
