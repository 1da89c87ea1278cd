import { SelectField } from '../../../components/form/select-field'
import { useRegions } from '../api/get-regions'

/** The sales region: shown to administrators and once an enrollment has a status. */
export function RegionField() {
  const regions = useRegions(true)
  return (
    <SelectField
      path="regionId"
      label="Region"
      required
      numeric
      options={regions.map((region) => ({ value: String(region.id), label: region.name }))}
    />
  )
}
