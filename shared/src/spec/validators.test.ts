import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PRODUCT_PASSWORD_POLICY, type PasswordPolicy } from './constants';
import {
  hasUnsafeCharacters,
  canStartTraining,
  startTrainingBlocker,
  deriveTriggerWord,
  filterSignUpAttributes,
  galleryCaption,
  maskEmail,
  maskPhoneNumber,
  normalizePhoneNumber,
  passwordPolicyErrors,
  promptChipLabel,
  trimFormValues,
  updatePromptHistory,
  validateConfirmPassword,
  validateEmail,
  validateGenerationInput,
  validateImageFile,
  validateImageFiles,
  validateModelName,
  validateModelSelection,
  validateProfilePicture,
  validatePrompt,
  validateRequired,
  validateSingleImageDrop,
  validateTermsAccepted,
  validateTrainingPhotoBatch,
  validateTrainingPhotoCount,
  validateTriggerWord,
  type FileLike,
} from './validators';

const jpeg = (name: string, size = 1000): FileLike => ({ name, size, type: 'image/jpeg' });
const photos = (count: number): FileLike[] =>
  Array.from({ length: count }, (_, i) => jpeg(`p${i}.jpg`));

describe('validateImageFile (general check)', () => {
  it('accepts exactly 10485760 bytes and refuses one byte more', () => {
    expect(validateImageFile(jpeg('a.jpg', 10_485_760))).toBeNull();
    expect(validateImageFile(jpeg('a.jpg', 10_485_761))).toBe('File size must be less than 10MB');
  });

  it('accepts HEIC/HEIF and the non-standard image/jpg, refuses GIF and unknown types', () => {
    for (const type of ['image/heic', 'image/heif', 'image/jpg', 'image/webp', 'image/png']) {
      expect(validateImageFile({ name: 'x', size: 1, type })).toBeNull();
    }
    for (const type of ['image/gif', '']) {
      expect(validateImageFile({ name: 'x', size: 1, type })).toBe(
        'Only JPEG, PNG, WebP, and HEIC files are allowed',
      );
    }
  });

  it('numbers failing files from 1 in a batch', () => {
    const files = [jpeg('ok.jpg'), { name: 'x.gif', size: 1, type: 'image/gif' }, jpeg('big', 2e7)];
    expect(validateImageFiles(files)).toEqual([
      'File 2: Only JPEG, PNG, WebP, and HEIC files are allowed',
      'File 3: File size must be less than 10MB',
    ]);
    expect(validateImageFiles([jpeg('ok.jpg')])).toEqual([]);
  });
});

describe('validateSingleImageDrop', () => {
  it('takes exactly one supported image', () => {
    expect(validateSingleImageDrop([jpeg('a.jpg', MAX_UPLOAD_BYTES)])).toBeNull();
    expect(validateSingleImageDrop([])).toBe('Invalid file');
    expect(validateSingleImageDrop([jpeg('a.jpg'), jpeg('b.jpg')])).toBe('Invalid file');
  });

  it('refuses HEIC here although the general check accepts it', () => {
    const heic = { name: 'a.heic', size: 1, type: 'image/heic' };
    expect(validateImageFile(heic)).toBeNull();
    expect(validateSingleImageDrop([heic])).toBe(
      'Please select a valid image file (PNG, JPG, JPEG, or WEBP)',
    );
  });

  it('refuses one byte over 10 MB', () => {
    expect(validateSingleImageDrop([jpeg('a.jpg', MAX_UPLOAD_BYTES + 1)])).toBe(
      'File size must be less than 10MB',
    );
  });
});

describe('validateTrainingPhotoBatch', () => {
  it('lists every file of a wrong type, HEIC included', () => {
    const batch = [
      jpeg('ok.jpg'),
      { name: 'a.heic', size: 1, type: 'image/heic' },
      { name: 'b.gif', size: 1, type: 'image/gif' },
    ];
    expect(validateTrainingPhotoBatch(batch)).toBe(
      'Invalid file types: a.heic, b.gif. Only JPEG, PNG, and WebP are supported.',
    );
  });

  it('lists every file over 10 MB and lets exactly 10 MB through', () => {
    const batch = [jpeg('edge.jpg', MAX_UPLOAD_BYTES), jpeg('big.jpg', MAX_UPLOAD_BYTES + 1)];
    expect(validateTrainingPhotoBatch(batch)).toBe(
      'Files too large: big.jpg. Maximum size is 10MB per file.',
    );
  });

  it('counts photos already chosen against the maximum of 20', () => {
    expect(validateTrainingPhotoBatch(photos(20))).toBeNull();
    expect(validateTrainingPhotoBatch(photos(21))).toBe(
      "Too many photos. Maximum 20 photos allowed. You're trying to add 21 photos.",
    );
    expect(validateTrainingPhotoBatch(photos(2), 18)).toBeNull();
    expect(validateTrainingPhotoBatch(photos(3), 18)).toBe(
      "Too many photos. Maximum 20 photos allowed. You're trying to add 21 photos.",
    );
  });
});

describe('validateTrainingPhotoCount', () => {
  it('needs 5 to 20 photos', () => {
    expect(validateTrainingPhotoCount(4)).toBe('At least 5 photos are required to train a model');
    expect(validateTrainingPhotoCount(5)).toBeNull();
    expect(validateTrainingPhotoCount(20)).toBeNull();
    expect(validateTrainingPhotoCount(21)).toMatch(/^Too many photos/);
  });
});

describe('validateProfilePicture', () => {
  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(validateProfilePicture(jpeg('me.jpg', 5 * 1024 * 1024))).toBeNull();
    expect(validateProfilePicture(jpeg('me.jpg', 5 * 1024 * 1024 + 1))).toBe(
      'Image size must be less than 5MB',
    );
  });

  it('refuses HEIC with the format message', () => {
    expect(validateProfilePicture({ name: 'me.heic', size: 1, type: 'image/heic' })).toBe(
      'Please select a supported image format (JPEG, PNG, or WebP)',
    );
  });
});

describe('model name and trigger word', () => {
  it('requires a non-blank name of at most 20 characters after trimming', () => {
    expect(validateModelName('   ')).toBe('Model name is required');
    expect(validateModelName('a'.repeat(20))).toBeNull();
    expect(validateModelName(`  ${'a'.repeat(20)}  `)).toBeNull();
    expect(validateModelName('a'.repeat(21))).not.toBeNull();
  });

  it('refuses spaces in the trigger word but allows it empty', () => {
    expect(validateTriggerWord('')).toBeNull();
    expect(validateTriggerWord('janedoe')).toBeNull();
    expect(validateTriggerWord('jane doe')).toBe(
      'Trigger word must be a single word without spaces',
    );
  });

  it('derives the trigger word by dropping spaces and lower-casing', () => {
    expect(deriveTriggerWord('Jane  Van Doe')).toBe('janevandoe');
  });

  it('enables Start Training only with a name, 5+ photos, no spaced trigger and not busy', () => {
    const ready = { busy: false, modelName: 'Jane', triggerWord: 'jane', photoCount: 5 };
    expect(canStartTraining(ready)).toBe(true);
    expect(canStartTraining({ ...ready, photoCount: 4 })).toBe(false);
    expect(canStartTraining({ ...ready, busy: true })).toBe(false);
    expect(canStartTraining({ ...ready, modelName: ' ' })).toBe(false);
    expect(canStartTraining({ ...ready, triggerWord: 'ja ne' })).toBe(false);
    expect(canStartTraining({ ...ready, photoCount: 6, pendingPhotos: 1 })).toBe(false);
  });

  it('says why Start Training is disabled, the name first', () => {
    const ready = { modelName: 'Jane', triggerWord: 'jane', photoCount: 5 };
    expect(startTrainingBlocker(ready)).toBeNull();
    expect(startTrainingBlocker({ ...ready, modelName: ' ', photoCount: 0 })).toBe(
      'Enter a model name',
    );
    expect(startTrainingBlocker({ ...ready, triggerWord: 'ja ne' })).toBe(
      'Trigger word must be a single word without spaces',
    );
    expect(startTrainingBlocker({ ...ready, pendingPhotos: 2 })).toBe(
      'Wait until every photo is uploaded and checked',
    );
    expect(startTrainingBlocker({ ...ready, photoCount: 4 })).toBe(
      'At least 5 photos are required to train a model',
    );
  });
});

describe('generation input', () => {
  it('refuses a whitespace-only prompt', () => {
    expect(validatePrompt(' \n\t ')).toBe('Please enter a prompt');
    expect(validatePrompt(' a ')).toBeNull();
  });

  it('needs 1 or 2 models', () => {
    expect(validateModelSelection(0)).toBe('Please select at least one model');
    expect(validateModelSelection(1)).toBeNull();
    expect(validateModelSelection(2)).toBeNull();
    expect(validateModelSelection(3)).not.toBeNull();
  });

  it('checks image and mask only in edit mode, in the spec order', () => {
    const base = { prompt: 'a cat', modelCount: 1 };
    expect(validateGenerationInput({ ...base, mode: 'generate' })).toBeNull();
    expect(validateGenerationInput({ ...base, mode: 'edit' })).toBe('Please upload an image');
    expect(validateGenerationInput({ ...base, mode: 'edit', hasImage: true })).toBe(
      'Please paint a mask on the image',
    );
    expect(
      validateGenerationInput({ ...base, mode: 'edit', hasImage: true, hasMask: true }),
    ).toBeNull();
    expect(
      validateGenerationInput({
        ...base,
        mode: 'edit',
        hasImage: true,
        hasMask: true,
        maskRefused: true,
      }),
    ).toBe('Change the painted area to edit this photo');
    // Text to image has no mask: a flag left over from edit mode is not its concern.
    expect(validateGenerationInput({ ...base, mode: 'generate', maskRefused: true })).toBeNull();
    expect(validateGenerationInput({ mode: 'edit', prompt: '', modelCount: 0 })).toBe(
      'Please enter a prompt',
    );
  });
});

describe('prompt history and labels', () => {
  it('puts the newest first, moves a repeat to the front and keeps 10', () => {
    const history = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const updated = updatePromptHistory(history, 'new');
    expect(updated).toHaveLength(10);
    expect(updated[0]).toBe('new');
    expect(updated).not.toContain('p9');
    expect(updatePromptHistory(['a', 'b', 'c'], ' b ')).toEqual(['b', 'a', 'c']);
    expect(updatePromptHistory(['a'], '   ')).toEqual(['a']);
  });

  it('cuts chip labels and captions after 30 characters with an ellipsis', () => {
    const thirty = 'x'.repeat(30);
    expect(promptChipLabel(thirty)).toBe(thirty);
    expect(promptChipLabel(`${thirty}y`)).toBe(`${thirty}...`);
    expect(galleryCaption(`${thirty}yz`)).toBe(`${thirty}...`);
  });

  it('never splits an emoji', () => {
    expect(promptChipLabel(`${'😀'.repeat(31)}`)).toBe(`${'😀'.repeat(30)}...`);
  });
});

describe('sign-in widget rules', () => {
  it('requires a non-blank value and a plausible e-mail', () => {
    expect(validateRequired('  ')).toBe('This field is required');
    expect(validateRequired(undefined)).toBe('This field is required');
    expect(validateRequired('x')).toBeNull();
    expect(validateEmail(' jane@example.com ')).toBeNull();
    for (const bad of ['jane', 'jane@', 'jane@example', 'ja ne@example.com']) {
      expect(validateEmail(bad)).toBe('Please enter a valid email');
    }
  });

  it('requires the terms checkbox', () => {
    expect(validateTermsAccepted(false)).toBe('You must agree to the Terms and Conditions');
    expect(validateTermsAccepted(true)).toBeNull();
  });

  it('applies no password rule without a policy', () => {
    expect(passwordPolicyErrors('a')).toEqual([]);
  });

  it('applies the product policy: 8 characters, no classes', () => {
    expect(passwordPolicyErrors('1234567', PRODUCT_PASSWORD_POLICY)).toEqual([
      'Password must have at least 8 characters',
    ]);
    expect(passwordPolicyErrors('abcdefgh', PRODUCT_PASSWORD_POLICY)).toEqual([]);
  });

  it('lists every broken class of a strict policy', () => {
    const strict: PasswordPolicy = {
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireNumbers: true,
      requireSpecialCharacters: true,
    };
    expect(passwordPolicyErrors('ABC', strict)).toEqual([
      'Password must have at least 8 characters',
      'Password must have lower case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
    expect(passwordPolicyErrors('Abcdefg1 ', strict)).toEqual([]);
    expect(passwordPolicyErrors('Abcdefg1`', strict)).toEqual([]);
    expect(passwordPolicyErrors('Abcdefg1\\', strict)).toEqual([]);
    expect(passwordPolicyErrors('Abcdefg1€', strict)).toEqual([
      'Password must have special characters',
    ]);
  });

  it('reports a password mismatch only once both fields were touched or are 6+ long', () => {
    const untouched = { passwordTouched: false, confirmPasswordTouched: false };
    const mismatch = 'Your passwords must match';
    expect(validateConfirmPassword({ password: '', confirmPassword: '', ...untouched })).toBeNull();
    expect(
      validateConfirmPassword({ password: 'abcde', confirmPassword: 'abcdX', ...untouched }),
    ).toBeNull();
    expect(
      validateConfirmPassword({ password: 'abcdef', confirmPassword: 'abcdeX', ...untouched }),
    ).toBe(mismatch);
    expect(
      validateConfirmPassword({
        password: 'ab',
        confirmPassword: 'a',
        passwordTouched: true,
        confirmPasswordTouched: true,
      }),
    ).toBe(mismatch);
    expect(
      validateConfirmPassword({
        password: 'abcdefgh',
        confirmPassword: 'abcdefgh',
        passwordTouched: true,
        confirmPasswordTouched: true,
      }),
    ).toBeNull();
  });

  it('trims every form value except the passwords', () => {
    expect(
      trimFormValues({ email: ' a@b.co ', password: ' pw ', confirm_password: ' pw ' }),
    ).toEqual({ email: 'a@b.co', password: ' pw ', confirm_password: ' pw ' });
  });

  it('sends only standard and custom:* attributes on sign-up', () => {
    expect(
      filterSignUpAttributes({
        email: 'a@b.co',
        name: 'Jane',
        'custom:plan': 'free',
        confirm_password: 'x',
        acknowledgement: 'on',
      }),
    ).toEqual({ email: 'a@b.co', name: 'Jane', 'custom:plan': 'free' });
  });

  it('joins the dial code with the digits only', () => {
    expect(normalizePhoneNumber('+1', '(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('+44', '07700 900123')).toBe('+4407700900123');
  });

  it('masks delivery destinations', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@e***.com');
    expect(maskEmail('jo@example.com')).toBe('j***@e***.com');
    expect(maskEmail('p.very.long.name.ending.in.t@mail.example.co.uk')).toBe('p***@m***.uk');
    expect(maskEmail('no-at-sign')).toBe('n***');
    expect(maskPhoneNumber('+15551234567')).toBe('+*******4567');
    expect(maskPhoneNumber('+1 555-123-4567')).toBe('+* ***-***-4567');
  });
});

describe('text fields', () => {
  it('finds control and text-direction characters, and leaves other scripts alone', () => {
    for (const text of [
      'Ada\u0000',
      'Eve\u202egnp.exe',
      'a\u2066b',
      'a\u200fb',
      'a\u009fb',
      'a\nb',
    ]) {
      expect({ text, unsafe: hasUnsafeCharacters(text) }).toEqual({ text, unsafe: true });
    }
    for (const text of ['Zoë', 'عائشة', '田中', 'a 👩‍💻 b']) {
      expect({ text, unsafe: hasUnsafeCharacters(text) }).toEqual({ text, unsafe: false });
    }
    expect(hasUnsafeCharacters('a hat,\n\tand a scarf', { allowLineBreaks: true })).toBe(false);
    expect(hasUnsafeCharacters('a hat\u0000', { allowLineBreaks: true })).toBe(true);
  });
});
