import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { rewardCodeFromScan } from '../../../../shared/schemas/card-messages';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import { useOwnerMessages } from '../../../lib/owner-locale';

type CameraFailure = 'denied' | 'missing' | 'failed';
type ScanState = { status: 'idle' } | { status: 'starting' } | { status: 'scanning' } | { status: 'error'; failure: CameraFailure };

function cameraFailure(error: unknown): CameraFailure {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** What the staff read when the camera does not start, in the owner's language. */
function cameraFailureMessage(failure: CameraFailure, m: OwnerMessages): string {
  if (failure === 'denied') return m.counter_camera_denied();
  if (failure === 'missing') return m.counter_camera_missing();
  return m.counter_camera_failed();
}

/**
 * Reads a reward's QR with the phone's camera: getUserMedia (the back camera when there is one) and
 * jsQR on the video's frames, downscaled; the first readable reward code is handed to `onCode` and the
 * camera stops. jsQR is fetched when the camera starts, not with the page.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const m = useOwnerMessages();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ status: 'idle' });
  const [session, setSession] = useState(0);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (session === 0) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
      const [{ default: jsQR }, media] = await Promise.all([import('jsqr'), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })]);
      stream = media;
      const video = videoRef.current;
      if (stopped || !video) return stop();
      video.srcObject = media;
      await video.play();
      setState({ status: 'scanning' });
      const scan = () => {
        if (stopped) return;
        if (video.readyState >= video.HAVE_CURRENT_DATA && context && video.videoWidth) {
          const scale = Math.min(1, 640 / video.videoWidth);
          canvas.width = Math.round(video.videoWidth * scale);
          canvas.height = Math.round(video.videoHeight * scale);
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
          const code = found ? rewardCodeFromScan(found.data) : null;
          if (code) {
            stop();
            setState({ status: 'idle' });
            onCodeRef.current(code);
            return;
          }
        }
        frame = requestAnimationFrame(scan);
      };
      frame = requestAnimationFrame(scan);
    })().catch((error: unknown) => {
      stop();
      setState({ status: 'error', failure: cameraFailure(error) });
    });
    return stop;
  }, [session]);

  const active = state.status === 'starting' || state.status === 'scanning';
  return (
    <div className="space-y-3">
      <div className={active ? 'relative overflow-hidden rounded-xl bg-stone-900' : 'hidden'}>
        <video ref={videoRef} muted playsInline aria-label={m.counter_camera_video()} className="aspect-square w-full object-cover" data-testid="scanner-video" />
        <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" />
      </div>
      {state.status === 'error' ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {cameraFailureMessage(state.failure, m)}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {state.status === 'scanning' ? m.counter_camera_active() : ''}
      </p>
      {active ? (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          onClick={() => {
            setState({ status: 'idle' });
            setSession(0);
          }}
        >
          <CameraOff aria-hidden="true" />
          {m.counter_camera_stop()}
        </Button>
      ) : (
        <Button
          type="button"
          className="w-full"
          size="lg"
          onClick={() => {
            setState({ status: 'starting' });
            setSession((n) => n + 1);
          }}
        >
          <Camera aria-hidden="true" />
          {m.counter_scan()}
        </Button>
      )}
    </div>
  );
}
