import { languageName } from '@formsmith/core/i18n/language';
import type { TriageStatus } from '@formsmith/core/submissions/triage';
import { Download, Filter, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { useEncryption } from '../../../lib/forms-api/encryption.ts';
import { downloadSubmissions } from '../api/download.ts';
import { useFormMembers } from '../api/triage.ts';
import type { DateRange, StatusFilter, SubmissionFilters } from '../lib/filters.ts';
import { PeopleOptions, StageOptions } from './team-panel.tsx';

const SEARCH_DELAY_MS = 300;

type ToolbarProps = {
  formId: number;
  /** The form's languages (default first); a language filter shows when there are several. */
  languages: string[];
  filters: SubmissionFilters;
  onFiltersChange: (filters: SubmissionFilters) => void;
};

/** 'Export CSV' and 'Export Excel (.xlsx)', the search box and the 'Filter' panel (date range, status, language, stage and assignee). */
export function SubmissionsToolbar({ formId, languages, filters, onFiltersChange }: ToolbarProps) {
  const sealed = Boolean(useEncryption(formId).data?.key);
  const [search, setSearch] = useState(filters.search);
  const [showFilters, setShowFilters] = useState(
    filters.range !== 'all' ||
      filters.status !== 'all' ||
      filters.language !== '' ||
      filters.stage !== '' ||
      filters.assignee !== '',
  );
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const panelId = useId();

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onFiltersChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onFiltersChange]);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    setExportError(null);
    try {
      await downloadSubmissions(formId, format);
    } catch {
      setExportError('Failed to export submissions. Please try again later.');
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <Input
            type="search"
            aria-label="Search submissions"
            placeholder="Search submissions..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-expanded={showFilters}
            aria-controls={panelId}
            onClick={() => setShowFilters((v) => !v)}
          >
            <Filter aria-hidden="true" className="h-4 w-4" />
            Filter
          </Button>
          {/* A form with sealed answers is exported by the unlocked browser (the server's would be empty). */}
          {!sealed && (
            <>
              <Button variant="primary" onClick={() => exportAs('csv')} disabled={exporting !== null}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {exporting === 'csv' ? 'Exporting...' : 'Export CSV'}
              </Button>
              <Button variant="secondary" onClick={() => exportAs('xlsx')} disabled={exporting !== null}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {exporting === 'xlsx' ? 'Exporting...' : 'Export Excel (.xlsx)'}
              </Button>
            </>
          )}
        </div>
      </div>
      {exportError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {exportError}
        </p>
      )}
      {showFilters && (
        <FilterPanel
          id={panelId}
          formId={formId}
          languages={languages}
          filters={{ ...filters, search }}
          onFiltersChange={onFiltersChange}
        />
      )}
    </div>
  );
}

function FilterPanel({
  id,
  formId,
  languages,
  filters,
  onFiltersChange,
}: {
  id: string;
  formId: number;
  languages: string[];
  filters: SubmissionFilters;
  onFiltersChange: (filters: SubmissionFilters) => void;
}) {
  const members = useFormMembers(formId);
  return (
    <div
      id={id}
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <FormField label="Date Range">
        <Select
          value={filters.range}
          onChange={(e) => onFiltersChange({ ...filters, range: e.target.value as DateRange })}
        >
          <option value="all">All time</option>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
          <option value="custom">Custom...</option>
        </Select>
      </FormField>
      <FormField label="Status" hint="Incomplete: answers saved as the respondent went, not submitted (yet).">
        <Select
          value={filters.status}
          onChange={(e) => onFiltersChange({ ...filters, status: e.target.value as StatusFilter })}
        >
          <option value="all">All statuses</option>
          <option value="complete">Complete</option>
          <option value="incomplete">Incomplete</option>
        </Select>
      </FormField>
      {languages.length > 1 && (
        <FormField label="Language">
          <Select
            value={filters.language}
            onChange={(e) => onFiltersChange({ ...filters, language: e.target.value })}
          >
            <option value="">All languages</option>
            {languages.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag, 'en')}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label="Stage">
        <Select
          value={filters.stage}
          onChange={(e) => onFiltersChange({ ...filters, stage: e.target.value as TriageStatus | '' })}
        >
          <option value="">All stages</option>
          <StageOptions />
        </Select>
      </FormField>
      <FormField label="Assigned to">
        <Select
          value={filters.assignee}
          onChange={(e) => onFiltersChange({ ...filters, assignee: e.target.value })}
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody</option>
          <PeopleOptions people={members.data?.items ?? []} />
        </Select>
      </FormField>
      {filters.range === 'custom' && (
        <>
          <FormField label="From">
            <Input
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => onFiltersChange({ ...filters, from: e.target.value })}
            />
          </FormField>
          <FormField label="To">
            <Input
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => onFiltersChange({ ...filters, to: e.target.value })}
            />
          </FormField>
        </>
      )}
    </div>
  );
}
