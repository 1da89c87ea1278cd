import { SelectField } from '../../../components/form/select-field'
import { LoadFailed } from '../../../components/ui/load-failed'
import { useRegions } from '../api/get-regions'

/**
 * The sales region: shown to the admin area and once an enrollment has a status. `only` limits
 * the choice to these regions by name (a regional manager's, docs/product.md#users).
 */
export function RegionField({ only }: { only?: readonly string[] | undefined }) {
  const regions = useRegions(true)
  const loaded = regions.status === 'loaded' ? regions.value : []
  const options = only ? loaded.filter((region) => only.includes(region.name)) : loaded
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
