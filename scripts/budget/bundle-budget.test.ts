import { describe, expect, it } from 'vitest'
import { FORM_ROUTES } from '../../server/web/vite-manifest.js'
import {
  adminModulesIn,
  externalReferences,
  FORM_BUDGETS,
  formLoads,
  type Manifest,
  staticClosure,
} from './bundle-budget.js'

const manifest: Manifest = {
  'index.html': {
    file: 'assets/main.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['admin.tsx', 'form.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'form.tsx': {
    file: 'assets/form.js',
    isDynamicEntry: true,
    imports: ['_fields.js', 'index.html'],
  },
  '_fields.js': { file: 'assets/fields.js', imports: ['_shared.js'] },
  'admin.tsx': { file: 'assets/admin.js', isDynamicEntry: true, imports: ['_oidc.js'] },
  '_oidc.js': { file: 'assets/oidc.js' },
}

describe('staticClosure', () => {
  it('follows static imports transitively and never lazy ones', () => {
    expect(staticClosure(manifest, ['index.html', 'form.tsx']).sort()).toEqual([
      '_fields.js',
      '_shared.js',
      'form.tsx',
      'index.html',
    ])
  })

  it('fails on a page the manifest does not know', () => {
    expect(() => staticClosure(manifest, ['missing.tsx'])).toThrow(/no entry missing.tsx/)
  })
})

describe('formLoads', () => {
  // The two form routes of the build, sharing the entry and a chunk of fields.
  const forms: Manifest = {
    'index.html': {
      file: 'assets/main.js',
      isEntry: true,
      dynamicImports: [FORM_ROUTES.dealer ?? '', FORM_ROUTES.lma ?? ''],
    },
    [FORM_ROUTES.dealer ?? '']: { file: 'assets/dealer.js', imports: ['_fields.js'] },
    [FORM_ROUTES.lma ?? '']: {
      file: 'assets/lma.js',
      imports: ['_fields.js', '_table.js'],
      dynamicImports: ['windowed.tsx'],
    },
    '_fields.js': { file: 'assets/fields.js' },
    '_table.js': { file: 'assets/table.js' },
    'windowed.tsx': { file: 'assets/windowed.js', isDynamicEntry: true },
  }

  it("counts each form's own first load against its own budget", () => {
    const loads = formLoads(forms)
    expect(loads.map(({ form, keys, budget }) => ({ form, keys: keys.sort(), budget }))).toEqual([
      {
        form: 'dealer',
        keys: ['_fields.js', FORM_ROUTES.dealer, 'index.html'].sort(),
        budget: 91_000,
      },
      {
        form: 'lma',
        keys: ['_fields.js', '_table.js', 'index.html', FORM_ROUTES.lma].sort(),
        budget: 97_000,
      },
    ])
  })

  it('has a budget for every public form route', () => {
    expect(Object.keys(FORM_BUDGETS).sort()).toEqual(Object.keys(FORM_ROUTES).sort())
  })
})

describe('adminModulesIn', () => {
  it('names the admin modules of each chunk', () => {
    const found = adminModulesIn(['assets/main.js', 'assets/form.js'], {
      'assets/main.js': ['web/src/app/main.tsx', 'node_modules/oidc-client-ts/dist/esm/index.js'],
      'assets/form.js': ['web/src/features/enrollment/dealer-form/dealer-form.tsx'],
    })
    expect(found).toEqual([
      { file: 'assets/main.js', modules: ['node_modules/oidc-client-ts/dist/esm/index.js'] },
    ])
  })

  it('counts the admin route, admin features and sign-in as admin code', () => {
    const modules = [
      'web/src/app/routes/admin/admin-route.tsx',
      'web/src/features/admin/enrollment-list/pager.tsx',
      'web/src/features/auth/user-manager.ts',
    ]
    expect(adminModulesIn(['a.js'], { 'a.js': modules })[0]?.modules).toEqual(modules)
  })
})

describe('externalReferences', () => {
  it('finds scripts, styles and fonts of other origins', () => {
    const html =
      '<script src="https://cdn.example.com/x.js"></script><link href="//fonts.example.com/f.css">' +
      '<style>@font-face{src:url(https://fonts.example.com/a.woff2)}</style><a href="/local">'
    expect(externalReferences(html)).toEqual([
      'https://cdn.example.com/x.js',
      '//fonts.example.com/f.css',
      'https://fonts.example.com/a.woff2',
    ])
  })
})
