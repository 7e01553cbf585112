// A REDCap data dictionary as the Designer exports it: every field type, quoted cells with
// commas and line breaks, section headers, branching logic and calculations.
export const REDCAP_HEADER =
  'Variable / Field Name,Form Name,Section Header,Field Type,Field Label,"Choices, Calculations, OR Slider Labels",Field Note,Text Validation Type OR Show Slider Number,Text Validation Min,Text Validation Max,Identifier?,Branching Logic (Show field only if...),Required Field?,Custom Alignment,Question Number (surveys only),Matrix Group Name,Matrix Ranking?,Field Annotation';

export const REDCAP_DICTIONARY = [
  REDCAP_HEADER,
  'record_id,baseline,,text,Record ID,,,,,,,,,,,,,',
  'visit_date,baseline,"Visit, first part",text,Visit date,,,date_ymd,2000-01-01,,,,y,,,,,',
  'birth_date,baseline,,text,Date of birth,,,date_ymd,,,y,,,,,,,',
  'weight,baseline,,text,Weight (kg),,"Measured in the morning,\nbefore breakfast",number,20,300,,,y,,,,,',
  'height,baseline,,text,Height (cm),,,integer,100,250,,,,,,,,',
  'email,baseline,,text,E-mail,,,email,,,y,,,,,,,',
  'bmi,baseline,,calc,BMI,"round([weight] / ([height] / 100) ^ 2, 1)",,,,,,,,,,,,',
  'smoker,baseline,Lifestyle,yesno,Does the patient smoke?,,,,,,,,,,,,,',
  'packs,baseline,,text,Packs a day,,,integer,0,10,,[smoker] = \'1\',,,,,,',
  'since,baseline,,text,Smoking since (year),,,integer,,,,[smoker] = \'1\',,,,,,',
  'sex,baseline,,radio,Sex,"1, Female | 2, Male",,,,,,,y,,,,,',
  'country,baseline,,dropdown,Country,"HU, Hungary | AT, Austria | OT, Other",,,,,,,,,,,,',
  'symptoms,baseline,,checkbox,Symptoms,"1, Pain | 2, Stiffness | 3, Fatigue",,,,,,,,,,,,',
  'stiff_hours,baseline,,text,Hours of morning stiffness,,,number_1dp,,,,[symptoms(2)] = \'1\',,,,,,',
  'consent,baseline,,truefalse,Consent signed,,,,,,,,,,,,,',
  'remarks,followup,,notes,Remarks,,,,,,,,,,,,,',
  'info,followup,,descriptive,<b>Read the protocol</b> before the visit.,,,,,,,,,,,,,',
  'scan,followup,,file,Scan,,,,,,,,,,,,,',
  'pain,followup,,slider,Pain,Nothing | Moderate | Unbearable,,,,,,,,,,,,',
  'total,followup,,calc,Total,"sum([height],[weight])",,,,,,,,,,,,',
  'age,followup,,calc,Age at visit,"rounddown(datediff([birth_date],[visit_date],\'y\'),0)",,,,,,,,,,,,',
  'days,followup,,calc,Days since birth,"datediff([birth_date],[visit_date],\'d\',\'ymd\',true)",,,,,,,,,,,,',
  'query,followup,,sql,From SQL,select 1,,,,,,,,,,,,',
  'phone,followup,,text,Phone,,,phone,,,,[country] = \'HU\' and [pain] > 2,,,,,,',
].join('\r\n');
