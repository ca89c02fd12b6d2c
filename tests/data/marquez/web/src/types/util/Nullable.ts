// Copyright 2018-2023 contributors to the Marquez project
// SPDX-License-Identifier: Apache-2.0

export type Nullable<T> = T | null

export type Undefinable<T> = T | undefined

export type Falsable<T> = T | false
