/** Said where the create buttons would be, to a viewer of the current workspace. */
export function ViewOnlyNote() {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      You can view this workspace. Making forms needs the editor role: ask one of its admins.
    </p>
  );
}
