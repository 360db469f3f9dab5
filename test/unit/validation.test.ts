import type { z } from 'zod';
import { passwordChangeBody } from '../../schema/auth';
import { carouselGroup } from '../../schema/carouselGroup';
import { videoVersion } from '../../schema/video';
import { issueField, validationMessage, valueAt, type ValidationMessage } from '../../schema/validation';

/** What a real parse says about each field, as the form and the server's 400 show it. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, ValidationMessage> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issueField(issue), validationMessage(issue, valueAt(input, issue.path))]));
}

const validGroup = { ucode: 'home-top_1', name: 'Home', description: 'Top of the home page' };

describe('carousel group input', () => {
  test('a valid body has no messages; the optional description may be absent', () => {
    expect(messagesOf(carouselGroup.input, validGroup)).toEqual({});
    expect(messagesOf(carouselGroup.input, { ucode: 'a', name: 'b' })).toEqual({});
  });

  test.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
  ])('a %s required field is required', (_, value) => {
    expect(messagesOf(carouselGroup.input, { ...validGroup, name: value })).toEqual({ name: { key: 'ra.validation.required' } });
  });

  test('too long gives maxLength with its limit', () => {
    expect(messagesOf(carouselGroup.input, { ...validGroup, name: 'x'.repeat(65), description: 'y'.repeat(501) })).toEqual({
      name: { key: 'ra.validation.maxLength', args: { max: 64 } },
      description: { key: 'ra.validation.maxLength', args: { max: 500 } },
    });
  });

  test('a code outside the pattern gives our own message key', () => {
    expect(messagesOf(carouselGroup.input, { ...validGroup, ucode: 'not a code!' })).toEqual({ ucode: { key: 'app.validation.code' } });
  });

  test('a number where text belongs is invalid, not required', () => {
    expect(messagesOf(carouselGroup.input, { ...validGroup, name: 12 })).toEqual({ name: { key: 'app.validation.invalid' } });
  });
});

describe('password change body', () => {
  const change = { raw_password: 'old-secret', new_password: 'new-secret', confirm_password: 'new-secret' };

  test('a consistent change passes', () => {
    expect(messagesOf(passwordChangeBody, change)).toEqual({});
  });

  test('a confirmation that differs is password_inconsistent on confirm_password', () => {
    expect(messagesOf(passwordChangeBody, { ...change, confirm_password: 'other-secret' })).toEqual({
      confirm_password: { key: 'app.validation.password_inconsistent' },
    });
  });

  test('a short new password gives minLength with its limit', () => {
    expect(messagesOf(passwordChangeBody, { ...change, new_password: 'short', confirm_password: 'short' })).toEqual({
      new_password: { key: 'ra.validation.minLength', args: { min: 8 } },
    });
  });

  test('a missing old password is required', () => {
    expect(messagesOf(passwordChangeBody, { new_password: 'new-secret', confirm_password: 'new-secret' })).toEqual({
      raw_password: { key: 'ra.validation.required' },
    });
  });
});

describe('an empty required value', () => {
  // An empty file key breaks its pattern, an empty choice its list: either way the person left it empty.
  test.each([
    ['a file key', { video_id: 1, file: '', format: 'mp4', quality: 'H' }, 'file'],
    ['a choice', { video_id: 1, file: 'a.mp4', format: '', quality: 'H' }, 'format'],
    ['an absent choice', { video_id: 1, file: 'a.mp4', quality: 'H' }, 'format'],
  ])('%s is "required", not the rule it broke', (_, input, field) => {
    expect(messagesOf(videoVersion.input, input)[field]).toEqual({ key: 'ra.validation.required' });
  });

  test('a value given but wrong still says what is wrong with it', () => {
    expect(messagesOf(videoVersion.input, { video_id: 1, file: '../a.mp4', format: 'avi', quality: 'H' })).toEqual({
      file: { key: 'app.validation.file_key' },
      format: { key: 'ra.validation.oneOf', args: { options: 'mp4, m3u8, flv' } },
    });
  });
});
