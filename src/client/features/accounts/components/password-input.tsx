import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from '../../../components/ui/input';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** A password field with a show/hide toggle (its labels in the tab's language unless `toggleLabels` says otherwise). */
export function PasswordInput({ toggleLabels, ...props }: Omit<ComponentProps<'input'>, 'type'> & { toggleLabels?: { show: string; hide: string } }) {
  const [visible, setVisible] = useState(false);
  const m = useOwnerMessages();
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-stone-500 hover:text-stone-800"
        aria-label={visible ? (toggleLabels?.hide ?? m.accounts_hide_password()) : (toggleLabels?.show ?? m.accounts_show_password())}
        aria-pressed={visible}
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}
