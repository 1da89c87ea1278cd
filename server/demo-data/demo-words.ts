/** Invented but ordinary words from which demo dealers, people and agencies are made. */
const words = (text: string): readonly string[] => text.split('|')

export const FIRST_NAMES = words(
  'James|Mary|Robert|Patricia|John|Jennifer|Michael|Linda|David|Elizabeth|William|Barbara|' +
    'Richard|Susan|Joseph|Jessica|Thomas|Karen|Carlos|Sarah|Daniel|Lisa|Matthew|Nancy|Anthony|' +
    'Maria|Mark|Sandra|Steven|Ashley|Paul|Angela|Andrew|Rosa|Kevin|Michelle|Brian|Laura|Luis|Denise',
)

export const LAST_NAMES = words(
  'Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|' +
    'Wilson|Anderson|Thomas|Taylor|Moore|Jackson|Martin|Lee|Thompson|White|Harris|Clark|Lewis|' +
    'Walker|Hall|Allen|Young|King|Wright|Scott|Hayes|Nguyen|Hill|Flores|Green|Adams|Baker|Nelson|' +
    'Carter|Mitchell|Roberts|Turner|Phillips|Campbell|Parker|Evans|Edwards|Collins|Stewart|Morris',
)

/** Dealership name openers such as 'Riverside Chevrolet' or 'Summit Auto Group'. */
export const LANDMARKS = words(
  'Riverside|Summit|Lakeside|Heritage|Valley|Northgate|Pioneer|Liberty|Frontier|Capitol|Bayview|' +
    'Hometown|Crossroads|Patriot|Eagle|Victory|Parkway|Sunset|Prairie|Harbor|Gateway|Keystone|' +
    'Pinecrest|Bluewater|Red Rock|Mountain View|Twin City|Tri-County|Westside|Eastgate|Southland|' +
    'Metro|Cornerstone|Legacy|Landmark|Countryside|Interstate|Classic|Premier|Cardinal',
)

export const GROUP_WORDS = words('Auto Group|Motors|Automotive|Auto Center|Motor Company')

/** Small-town names made of two parts: 'Oakfield', 'Cedar Falls', 'Brookdale'. */
export const TOWN_STARTS = words(
  'Oak|Cedar|Maple|Spring|Green|Fair|Brook|Lake|River|Pine|Elm|Clear|Mill|Glen|Rock|Ash|Wood|' +
    'Stone|Bridge|Willow|Walnut|Marble|Silver|Harmon|Bedford|Clinton|Franklin|Marion|Salem',
)
export const TOWN_ENDS = words(
  'field|ville|dale|wood|ton|view|port|brook|ford|burg| Springs| Falls| Heights| Park| City|' +
    ' Grove| Valley| Junction',
)

export const STREETS = words(
  'Main St|Grand River Ave|Washington Ave|Lincoln Hwy|Auto Mall Dr|Commerce Pkwy|Oak St|' +
    'Maple Ave|Broadway|Highway 59|State Route 9|Market St|Industrial Blvd|Center St|Park Ave|' +
    'University Blvd|Airport Rd|Veterans Pkwy|Motor Pkwy|Dixie Hwy|Route 66|Elm St|Frontage Rd|' +
    'Pine St|Jefferson Blvd|Madison Ave|Harbor Dr|Ridge Rd|Lakeshore Dr|Capitol Blvd',
)
export const STREET_PREFIXES = words('|||N |S |E |W ')

export const DEALER_TITLES = words(
  'Dealer Principal|General Manager|Marketing Manager|Fixed Operations Director|Parts Manager|' +
    'Service Director|Controller|Owner',
)
export const LMA_TITLES = words('LMA President|LMA Chairman|Treasurer|Executive Director')

export const AGENCIES = words(
  'Northstar Media Group|Blue Harbor Advertising|Brightline Marketing|Redwood Creative|' +
    'Keystone Media Partners|Summit Ad Works|Lakeshore Communications|Ironbridge Agency|' +
    'Signal Hill Media|Copperline Creative',
)

/** Makes a dealership of this brand sells, for its name; unknown brands use their own name. */
export const BRAND_MAKES: Readonly<Record<string, readonly string[]>> = {
  chevy: ['Chevrolet', 'Chevrolet', 'Chevrolet', 'Chevrolet Buick GMC'],
  gm: ['Buick GMC', 'GMC', 'Cadillac', 'Buick GMC', 'Chevrolet Buick GMC Cadillac'],
}

/** Lower-case letters and digits only: the host part of a demo e-mail address. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '')
}
