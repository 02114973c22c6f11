// Declares @theme/IdealImage; tsconfig's `types` lists only the core and classic-theme modules.
/// <reference types="@docusaurus/plugin-ideal-image" />
