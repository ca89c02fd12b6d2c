// Copyright 2018-2023 contributors to the Marquez project
// SPDX-License-Identifier: Apache-2.0

declare module '*.css' {
  const content: any;
  export = content;
}

declare module '*.svg';
