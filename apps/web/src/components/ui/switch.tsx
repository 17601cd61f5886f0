import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * An on/off switch; give it an id and a <label htmlFor>, or an aria-label. Inside a <form> Radix
 * adds a hidden checkbox, absolutely placed and moved one switch-width to the left: pinned to the
 * wrapper's right edge, that puts it under the switch instead of past the page's edge on a phone.
 */
export function Switch(props: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <span className="relative inline-flex shrink-0 [&>input]:left-full">
      <RadixSwitch.Root
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600 disabled:opacity-60 dark:bg-slate-600"
        {...props}
      >
        <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </RadixSwitch.Root>
    </span>
  );
}
