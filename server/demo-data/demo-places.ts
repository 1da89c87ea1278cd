/** Real US cities with their state, the first three digits of their ZIP codes and an area code. */
export interface DemoPlace {
  city: string
  state: string
  zip3: string
  areaCode: string
}

const PLACES_TEXT = `
Birmingham|AL|352|205
Montgomery|AL|361|334
Huntsville|AL|358|256
Anchorage|AK|995|907
Phoenix|AZ|850|602
Tucson|AZ|857|520
Mesa|AZ|852|480
Little Rock|AR|722|501
Fayetteville|AR|727|479
Los Angeles|CA|900|213
San Diego|CA|921|619
Sacramento|CA|958|916
Fresno|CA|937|559
San Jose|CA|951|408
Bakersfield|CA|933|661
Riverside|CA|925|951
Denver|CO|802|303
Colorado Springs|CO|809|719
Hartford|CT|061|860
New Haven|CT|065|203
Dover|DE|199|302
Wilmington|DE|198|302
Washington|DC|200|202
Miami|FL|331|305
Tampa|FL|336|813
Orlando|FL|328|407
Jacksonville|FL|322|904
Atlanta|GA|303|404
Savannah|GA|314|912
Macon|GA|312|478
Honolulu|HI|968|808
Boise|ID|837|208
Chicago|IL|606|312
Springfield|IL|627|217
Peoria|IL|616|309
Naperville|IL|605|630
Indianapolis|IN|462|317
Fort Wayne|IN|468|260
Des Moines|IA|503|515
Cedar Rapids|IA|524|319
Wichita|KS|672|316
Topeka|KS|666|785
Louisville|KY|402|502
Lexington|KY|405|859
New Orleans|LA|701|504
Baton Rouge|LA|708|225
Portland|ME|041|207
Bangor|ME|044|207
Baltimore|MD|212|410
Frederick|MD|217|301
Boston|MA|021|617
Worcester|MA|016|508
Detroit|MI|482|313
Grand Rapids|MI|495|616
Lansing|MI|489|517
Troy|MI|480|248
Minneapolis|MN|554|612
Rochester|MN|559|507
Jackson|MS|392|601
Kansas City|MO|641|816
St. Louis|MO|631|314
Springfield|MO|658|417
Billings|MT|591|406
Omaha|NE|681|402
Lincoln|NE|685|402
Las Vegas|NV|891|702
Reno|NV|895|775
Manchester|NH|031|603
Newark|NJ|071|973
Cherry Hill|NJ|080|856
Albuquerque|NM|871|505
Albany|NY|122|518
Buffalo|NY|142|716
Rochester|NY|146|585
Syracuse|NY|132|315
Charlotte|NC|282|704
Raleigh|NC|276|919
Fargo|ND|581|701
Columbus|OH|432|614
Cleveland|OH|441|216
Cincinnati|OH|452|513
Toledo|OH|436|419
Oklahoma City|OK|731|405
Tulsa|OK|741|918
Portland|OR|972|503
Eugene|OR|974|541
Philadelphia|PA|191|215
Pittsburgh|PA|152|412
Harrisburg|PA|171|717
Providence|RI|029|401
Columbia|SC|292|803
Greenville|SC|296|864
Sioux Falls|SD|571|605
Nashville|TN|372|615
Memphis|TN|381|901
Knoxville|TN|379|865
Houston|TX|770|713
Dallas|TX|752|214
San Antonio|TX|782|210
Austin|TX|787|512
El Paso|TX|799|915
Plano|TX|750|972
Salt Lake City|UT|841|801
Burlington|VT|054|802
Richmond|VA|232|804
Virginia Beach|VA|234|757
Seattle|WA|981|206
Spokane|WA|992|509
Tacoma|WA|984|253
Charleston|WV|253|304
Milwaukee|WI|532|414
Madison|WI|537|608
Green Bay|WI|543|920
Cheyenne|WY|820|307
`

export const DEMO_PLACES: readonly DemoPlace[] = PLACES_TEXT.trim()
  .split('\n')
  .map((line) => {
    const [city = '', state = '', zip3 = '', areaCode = ''] = line.split('|')
    return { city, state, zip3, areaCode }
  })
