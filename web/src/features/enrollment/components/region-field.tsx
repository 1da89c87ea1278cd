import { SelectField } from '../../../components/form/select-field'
import { LoadFailed } from '../../../components/ui/load-failed'
import { useRegions } from '../api/get-regions'

/** The sales region: shown to administrators and once an enrollment has a status. */
export function RegionField() {
  const regions = useRegions(true)
  const options = regions.status === 'loaded' ? regions.value : []
  return (
    <>
      <SelectField
        path="regionId"
        label="Region"
        required
        numeric
        options={options.map((region) => ({ value: String(region.id), label: region.name }))}
      />
      {regions.status === 'failed' && (
        <LoadFailed message="The regions could not be loaded." onRetry={regions.retry} />
      )}
    </>
  )
}
