import { describe, expect, it } from 'vitest';
import { canDropItems, FILE_CHECKS } from './file-checks';

const MB10 = 10_485_760;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('the four file checks of spec §5', () => {
  it('general: each bad file gets its own numbered message, the good ones pass', () => {
    const result = FILE_CHECKS.general.check([
      file('a.jpg', 'image/jpeg'),
      file('b.gif', 'image/gif'),
      file('c.heic', 'image/heic', MB10),
      file('d.png', 'image/png', MB10 + 1),
    ]);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg', 'c.heic']);
    expect(result.errors).toEqual([
      'File 2: Only JPEG, PNG, WebP, and HEIC files are allowed',
      'File 4: File size must be less than 10MB',
    ]);
    expect(FILE_CHECKS.general.multiple).toBe(true);
  });

  it('single image: one PNG/JPG/JPEG/WEBP of at most 10 MB, type checked first', () => {
    const { singleImage } = FILE_CHECKS;
    expect(singleImage.check([file('a.webp', 'image/webp', MB10)])).toEqual({
      accepted: [file('a.webp', 'image/webp', MB10)],
      errors: [],
    });
    expect(singleImage.check([file('a.heic', 'image/heic', MB10 + 1)]).errors).toEqual([
      'Please select a valid image file (PNG, JPG, JPEG, or WEBP)',
    ]);
    expect(singleImage.check([file('a.png', 'image/png', MB10 + 1)]).errors).toEqual([
      'File size must be less than 10MB',
    ]);
    expect(singleImage.check([file('a.png', 'image/png'), file('b.png', 'image/png')])).toEqual({
      accepted: [],
      errors: ['Invalid file'],
    });
    expect(singleImage.multiple).toBe(false);
    expect(singleImage.accept).toBe(
      'image/png,image/jpeg,image/jpg,image/webp,.png,.jpg,.jpeg,.webp',
    );
  });

  it('training photos: the batch is refused whole with the names, and the total counts', () => {
    const { trainingPhotos } = FILE_CHECKS;
    expect(
      trainingPhotos.check([
        file('a.jpg', 'image/jpeg'),
        file('b.gif', 'image/gif'),
        file('c.heic', 'image/heic'),
      ]).errors,
    ).toEqual(['Invalid file types: b.gif, c.heic. Only JPEG, PNG, and WebP are supported.']);
    const big = trainingPhotos.check([
      file('a.jpg', 'image/jpeg', MB10 + 1),
      file('b.png', 'image/png'),
    ]);
    expect(big).toEqual({
      accepted: [],
      errors: ['Files too large: a.jpg. Maximum size is 10MB per file.'],
    });
    const five = Array.from({ length: 5 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'));
    expect(trainingPhotos.check(five, 16).errors).toEqual([
      "Too many photos. Maximum 20 photos allowed. You're trying to add 21 photos.",
    ]);
    expect(trainingPhotos.check(five, 15).accepted).toHaveLength(5);
    expect(trainingPhotos.dragRejectMessage).toBe('Only JPEG, PNG, and WebP are supported.');
  });

  it('profile picture: JPEG/PNG/WebP up to 5 MB, the first file only', () => {
    const { profilePicture } = FILE_CHECKS;
    expect(profilePicture.check([file('me.gif', 'image/gif')]).errors).toEqual([
      'Please select a supported image format (JPEG, PNG, or WebP)',
    ]);
    expect(
      profilePicture.check([file('me.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)]).errors,
    ).toEqual(['Image size must be less than 5MB']);
    expect(
      profilePicture.check([file('me.jpg', 'image/jpeg'), file('other.png', 'image/png')]).accepted,
    ).toEqual([file('me.jpg', 'image/jpeg')]);
    expect(profilePicture.check([])).toEqual({ accepted: [], errors: [] });
  });
});

describe('canDropItems: what a drag tells before the drop', () => {
  const item = (type: string, kind = 'file') => ({ kind, type });

  it('accepts files of the allowed types, and files whose type the browser does not know', () => {
    expect(canDropItems([item('image/png'), item('image/jpeg')], FILE_CHECKS.trainingPhotos)).toBe(
      true,
    );
    expect(canDropItems([item('')], FILE_CHECKS.trainingPhotos)).toBe(true);
  });

  it('refuses other types, text, several files where one is taken, and nothing at all', () => {
    expect(canDropItems([item('image/gif')], FILE_CHECKS.trainingPhotos)).toBe(false);
    expect(canDropItems([item('text/plain', 'string')], FILE_CHECKS.general)).toBe(false);
    expect(canDropItems([item('image/png'), item('image/png')], FILE_CHECKS.singleImage)).toBe(
      false,
    );
    expect(canDropItems([], FILE_CHECKS.general)).toBe(false);
  });
});
