import type { ReleaseSummary, SalesEvent } from '@shared/shipping/shipping-schema'
import { useState } from 'react'
import { useToast } from '../../components/ui/toast'
import { downloadReleaseFile, type ReleaseFileFormat, type ReleaseFileRows } from './shipping-calls'

const FILES: ReadonlyArray<{ rows: ReleaseFileRows; words: string }> = [
  { rows: 'all', words: 'Whole manifest' },
  { rows: 'changes', words: 'Changes only' },
]

const FORMATS: ReadonlyArray<{ format: ReleaseFileFormat; words: string }> = [
  { format: 'xlsx', words: 'Excel' },
  { format: 'csv', words: 'CSV' },
]

/** The files of one release: the whole manifest or only its changes, as Excel or CSV. */
export function ReleaseDownloads({
  event,
  release,
}: {
  event: SalesEvent
  release: ReleaseSummary
}) {
  const toast = useToast()
  const [busy, setBusy] = useState('')
  const download = async (rows: ReleaseFileRows, format: ReleaseFileFormat) => {
    setBusy(`${rows}-${format}`)
    try {
      await downloadReleaseFile(event, release.number, { rows, format })
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The file could not be downloaded.')
    } finally {
      setBusy('')
    }
  }
  return (
    <div className="release-downloads">
      {FILES.map((file) => (
        <div key={file.rows} className="release-downloads__set">
          <span className="release-downloads__words">{file.words}:</span>
          {FORMATS.map((kind) => (
            <button
              key={kind.format}
              type="button"
              className="button button--small"
              aria-label={`${kind.words}, ${file.words.toLowerCase()}, release ${release.number}`}
              disabled={busy === `${file.rows}-${kind.format}`}
              onClick={() => void download(file.rows, kind.format)}
            >
              {kind.words}
            </button>
          ))}
        </div>
      ))}
    </div>
  )
}
