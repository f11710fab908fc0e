import { describe, expect, it } from 'vitest';
import {
  captchaFlowKind,
  DEFAULT_CAPTCHA_SCENE_CONFIG,
  isDowngradedDevice,
  sceneConfigFrom,
} from './captcha-config.js';
import { CAPTCHA_SCENE, captchaSceneFor, isCaptchaScene } from './captcha-scenes.js';

describe('captcha scenes', () => {
  it('maps flows to the spec scenes, with Turkey and EU login scenes', () => {
    expect(captchaSceneFor('login', 'global')).toBe(31000);
    expect(captchaSceneFor('login', 'HKG')).toBe(31000);
    expect(captchaSceneFor('login', 'TUR')).toBe(31013);
    expect(captchaSceneFor('login', 'EU')).toBe(31014);
    expect(captchaSceneFor('register', 'TUR')).toBe(31004);
    expect(captchaSceneFor('thirdParty', 'EU')).toBe(31001);
    expect(captchaSceneFor('tradingTool', 'global')).toBe(31005);
    expect(captchaSceneFor('migration', 'global')).toBe(30245);
    expect(isCaptchaScene(CAPTCHA_SCENE.MIGRATION)).toBe(true);
    expect(isCaptchaScene(31002)).toBe(false);
  });
});

describe('captcha scene config', () => {
  const stored = {
    '31000': {
      completelyUseMagpieCatcha: false,
      useDowngrade: true,
      guidTailList: ['A', 3],
      oldCapchaList: ['recaptcha', 'bogus', 'recaptcha'],
    },
  };

  it('reads one scene, dropping what it does not know, and defaults the rest', () => {
    expect(sceneConfigFrom(stored, 31000)).toEqual({
      completelyUseMagpieCatcha: false,
      useDowngrade: true,
      guidTailList: ['A'],
      oldCapchaList: ['recaptcha'],
    });
    expect(sceneConfigFrom(stored, 31004)).toEqual(DEFAULT_CAPTCHA_SCENE_CONFIG);
    expect(sceneConfigFrom(null, 31004)).toEqual(DEFAULT_CAPTCHA_SCENE_CONFIG);
  });

  it('downgrades devices by the last character of their Guid, only when downgrade is on', () => {
    const config = { ...DEFAULT_CAPTCHA_SCENE_CONFIG, useDowngrade: true, guidTailList: ['a', '7'] };
    expect(isDowngradedDevice(config, 'xxxxxxxx-A')).toBe(true);
    expect(isDowngradedDevice(config, 'xxxxxxxx-7')).toBe(true);
    expect(isDowngradedDevice(config, 'xxxxxxxx-b')).toBe(false);
    expect(isDowngradedDevice({ ...config, useDowngrade: false }, 'xxxxxxxx-a')).toBe(false);
    expect(captchaFlowKind(config, 'xxxxxxxx-a')).toBe('old');
    expect(captchaFlowKind(config, 'xxxxxxxx-b')).toBe('new');
    expect(captchaFlowKind({ ...config, completelyUseMagpieCatcha: false }, 'xxxxxxxx-b')).toBe('old');
  });
});
