/** The loud refusal's sound and buzz (issue 16): a short square-wave beep through WebAudio, and a vibration. */

let audio: AudioContext | null = null;

/** Beeps twice (~0.4 s) and vibrates where the device can; silent where it cannot (never throws). */
export function alarm(): void {
  try {
    audio ??= new AudioContext();
    const context = audio;
    void context.resume();
    for (const start of [0, 0.22]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = 880;
      gain.gain.value = 0.25;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + start);
      oscillator.stop(context.currentTime + start + 0.16);
    }
  } catch {
    // No audio device: the red screen still says it.
  }
  navigator.vibrate?.([200, 80, 200]);
}
